#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libhunspell's C functions, found with `dlopen` the first time F6 asks for them, as loowi's
/// other optional libraries are: a machine without Hunspell starts and runs, and F6 says which
/// package to install. Declared here from Hunspell's C API (hunspell.h), so building needs no
/// -dev package; the five functions have kept these signatures since Hunspell 1.2.
struct HunspellLibrary: @unchecked Sendable {
    typealias Create = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>) -> OpaquePointer?
    typealias Destroy = @convention(c) (OpaquePointer) -> Void
    typealias Spell = @convention(c) (OpaquePointer, UnsafePointer<CChar>) -> Int32
    typealias Suggest = @convention(c) (OpaquePointer, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>, UnsafePointer<CChar>) -> Int32
    typealias FreeList = @convention(c) (OpaquePointer, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>, Int32) -> Void

    /// Debian's name for the library (libhunspell-1.7-0).
    static let soname = "libhunspell-1.7.so.0"
    static let package = "libhunspell-1.7-0"

    let create: Create
    let destroy: Destroy
    let spell: Spell
    let suggest: Suggest
    let freeList: FreeList

    /// nil when the library is not installed (or lacks one of the functions).
    static func load(_ name: String = soname) -> HunspellLibrary? {
        guard let library = dlopen(name, RTLD_LAZY | RTLD_LOCAL) else { return nil }
        func find<F>(_ symbol: String, as _: F.Type) -> F? {
            dlsym(library, symbol).map { unsafeBitCast($0, to: F.self) }
        }
        guard let create = find("Hunspell_create", as: Create.self), let destroy = find("Hunspell_destroy", as: Destroy.self),
            let spell = find("Hunspell_spell", as: Spell.self), let suggest = find("Hunspell_suggest", as: Suggest.self),
            let freeList = find("Hunspell_free_list", as: FreeList.self)
        else {
            dlclose(library)
            return nil
        }
        // Never closed: the handles made with it live as long as the process.
        return HunspellLibrary(create: create, destroy: destroy, spell: spell, suggest: suggest, freeList: freeList)
    }
}
