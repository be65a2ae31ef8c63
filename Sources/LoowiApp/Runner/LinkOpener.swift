import FoundationEssentials
import LoowiSupport

/// Opens a web address in the user's browser: `$BROWSER` (its first entry; `%s` stands for
/// the address) or `xdg-open`, and only when there is a desktop to show it on. The address is
/// passed as an argument, never as shell text, so nothing in it can run.
struct LinkOpener: Sendable {
    enum Outcome: Equatable, Sendable {
        case opened
        /// No graphical session: a browser would open nowhere the user can see.
        case noDesktop
        /// The browser could not be started (what went wrong, in plain words).
        case failed(String)
    }

    var environment: [String: String]
    /// Tests record the address instead of starting anything.
    var launch: @Sendable (_ command: String, _ address: String) -> Outcome = LinkOpener.spawn

    var hasDesktop: Bool {
        ["DISPLAY", "WAYLAND_DISPLAY"].contains { !(environment[$0] ?? "").isEmpty }
    }

    /// The browser command: the first entry of `$BROWSER`, else `xdg-open`.
    var command: String {
        let first = (environment["BROWSER"] ?? "").split(separator: ":").first.map(String.init) ?? ""
        return first.allSatisfy(\.isWhitespace) ? "xdg-open" : first
    }

    func open(_ address: String) -> Outcome {
        guard hasDesktop else { return .noDesktop }
        return launch(command, address)
    }

    /// Runs the command in the background through `/bin/sh`, detached from the terminal (its
    /// output would draw over the screen), and waits only for the shell, which returns at once.
    static func spawn(command: String, address: String) -> Outcome {
        let program = command.split(separator: " ").first.map(String.init) ?? command
        let run = command.contains("%s") ? command.replacing("%s", with: "\"$1\"") : command + " \"$1\""
        let script = "command -v -- \"$2\" >/dev/null 2>&1 || exit 127; (\(run)) </dev/null >/dev/null 2>&1 &"
        let arguments = ["/bin/sh", "-c", script, "sh", address, program]
        let code: Int32
        do {
            code = try ChildProcess.spawn(arguments, output: .null, error: .null).wait()
        } catch {
            return .failed(error.description)
        }
        if code == 127 { return .failed(program + ": not found") }
        return code == 0 ? .opened : .failed("exit \(code)")
    }
}
