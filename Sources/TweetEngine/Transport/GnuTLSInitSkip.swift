/// GnuTLS is not set up when libcurl loads it. Debian's libcurl (built with OpenSSL) links
/// librtmp and libldap, and they link GnuTLS, whose library constructor then runs its whole
/// global set-up (ASN.1 trees, the random generator, its priorities): about 0.6 MiB of the
/// memory benchmark's process and 0.8 M instructions of a 20-post print, for a library loowi
/// never calls, since its requests allow only http and https (`CURLOPT_PROTOCOLS_STR`).
///
/// The constructor asks `_gnutls_global_init_skip()` first, a weak symbol GnuTLS exports for
/// this: gnutls.h's `GNUTLS_SKIP_GLOBAL_INIT` is this same definition, "to disable implicit
/// initialization of gnutls" (Swift cannot use the C macro). The executable exports it, and
/// the dynamic loader searches the executable before GnuTLS, so this one answers. Unlike
/// `GNUTLS_NO_IMPLICIT_INIT=1`, it leaves the environment alone, which a browser or any other
/// program loowi starts inherits. Should anything in this process ever use GnuTLS,
/// `gnutls_global_init()` still sets it up when called.
@_cdecl("_gnutls_global_init_skip")
public func gnutlsGlobalInitSkip() -> Int32 { 1 }
