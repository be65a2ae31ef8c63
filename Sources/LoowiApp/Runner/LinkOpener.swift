import FoundationEssentials
import LoowiSupport

/// Opens a web address where the user is. `$BROWSER` first, by the usual convention: a list
/// of commands separated by colons, each tried in turn until one starts; in each, `%s` stands
/// for the address and `%%` for a percent sign, and a command without `%s` gets the address
/// as its last argument. Then `xdg-open`, only on a desktop (`DISPLAY` or `WAYLAND_DISPLAY`).
/// Without a desktop a browser from `$BROWSER` runs on loowi's own terminal (w3m, lynx), which
/// loowi lends it until it ends; on a desktop only a known console browser does, and any
/// other starts detached, in its own window. The address is always one argument, never
/// shell text, so nothing in it can run.
struct LinkOpener: Sendable {
    /// One way to open the address: the command's arguments (the address in them) and
    /// whether it runs on the terminal.
    struct Launch: Equatable, Sendable {
        var arguments: [String]
        var inTerminal: Bool
        var program: String { arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? "" }
    }

    enum Started: Equatable, Sendable {
        /// Started in its own window, or ran on the terminal and ended.
        case opened
        /// Could not be started: the next one is tried.
        case failed(Failure)
    }

    /// Why a way of opening failed, said in the user's language: the system's own text (an
    /// errno's English) is never spoken.
    enum Failure: Equatable, Sendable {
        case notFound(program: String)
        case exited(program: String, code: Int32)
        case couldNotStart(program: String)

        func spoken(_ strings: AppStrings) -> String {
            switch self {
            case .notFound(let program): strings(.browserNotFound, program)
            case .exited(let program, let code): strings(.browserExited, program, String(code))
            case .couldNotStart(let program): strings(.browserNotStarted, program)
            }
        }
    }

    var environment: [String: String]
    /// Starts one launch; tests record instead of starting anything.
    var start: @Sendable (Launch) async -> Started = LinkOpener.start

    var hasDesktop: Bool {
        ["DISPLAY", "WAYLAND_DISPLAY"].contains { !(environment[$0] ?? "").isEmpty }
    }

    /// Browsers that draw in the terminal: on a desktop too they get loowi's terminal, since
    /// started detached they would have no screen at all.
    static let consoleBrowsers: Set<String> = ["w3m", "lynx", "links", "links2", "elinks", "browsh", "www-browser", "edbrowse", "cha"]

    /// What to try, in order: each entry of `$BROWSER`, then `xdg-open` on a desktop. Empty:
    /// nothing here can open a link.
    func launches(for address: String) -> [Launch] {
        let entries = (environment["BROWSER"] ?? "").split(separator: ":").map { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
        var launches = entries.filter { !$0.isEmpty }.map { words in
            let launch = Launch(arguments: Self.arguments(words, address: address), inTerminal: true)
            return Launch(arguments: launch.arguments, inTerminal: !hasDesktop || Self.consoleBrowsers.contains(launch.program))
        }
        if hasDesktop { launches.append(Launch(arguments: ["xdg-open", address], inTerminal: false)) }
        return launches
    }

    /// One entry's words with the address put in: `%s` is the address and `%%` a percent sign
    /// in any word; with no `%s` anywhere, the address is added as the last argument.
    static func arguments(_ words: [String], address: String) -> [String] {
        var substituted = false
        let filled = words.map { word -> String in
            var result = ""
            var percent = false
            for character in word {
                if percent {
                    percent = false
                    switch character {
                    case "s":
                        result += address
                        substituted = true
                    case "%": result += "%"
                    default: result += "%" + String(character)
                    }
                } else if character == "%" {
                    percent = true
                } else {
                    result.append(character)
                }
            }
            return percent ? result + "%" : result
        }
        return substituted ? filled : filled + [address]
    }

    /// Starts one launch. On the terminal: the program itself, with the terminal as its three
    /// streams, waited for off the main actor. Detached: through `/bin/sh -c`, which checks the
    /// program is there, starts it in the background silenced (its output would draw over the
    /// screen) and returns at once; the command and address are the shell's arguments (`"$@"`),
    /// never its code.
    static func start(_ launch: Launch) async -> Started {
        let program = launch.program
        if launch.inTerminal {
            let child: ChildProcess
            do {
                child = try ChildProcess.spawn(launch.arguments, input: .inherit, output: .inherit, error: .inherit)
            } catch {
                return .failed(.couldNotStart(program: program))
            }
            let code = await waitOffTheMainActor(child)
            return code == 126 || code == 127 ? .failed(.exited(program: program, code: code)) : .opened
        }
        let script = "command -v -- \"$1\" >/dev/null 2>&1 || exit 127; \"$@\" </dev/null >/dev/null 2>&1 &"
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(["/bin/sh", "-c", script, "sh"] + launch.arguments, output: .null, error: .null)
        } catch {
            return .failed(.couldNotStart(program: program))
        }
        let code = await waitOffTheMainActor(child)
        if code == 127 { return .failed(.notFound(program: program)) }
        return code == 0 ? .opened : .failed(.exited(program: program, code: code))
    }

    private static func waitOffTheMainActor(_ child: ChildProcess) async -> Int32 {
        await withCheckedContinuation { (done: CheckedContinuation<Int32, Never>) in
            // With no thread to wait on, the browser is left to run and counted as opened:
            // waiting here would hold the main actor until it closes.
            do { try BlockingThread.start { done.resume(returning: child.wait()) } } catch { done.resume(returning: 0) }
        }
    }
}
