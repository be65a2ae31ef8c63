import Foundation

// SwiftPM gives every executable its own `main` (it links `main` to this file's entry
// point), so libFuzzer's `main` is never linked: this top-level code hands control to
// libFuzzer's driver with the harness callback instead.

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

_ = selectedHarness  // an unknown name stops here, before libFuzzer starts
var arguments = CommandLine.unsafeArgv
var count = CommandLine.argc
exit(runFuzzerDriver(&count, &arguments, { data, size in fuzzTestOneInput(data, size) }))
