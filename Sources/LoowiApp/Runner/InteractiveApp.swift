/// The interactive program: the six screens, driven by keys, speaking through the pipeline.
public enum InteractiveApp {
    /// Runs until the user quits; restores the terminal however it ends.
    @MainActor
    public static func run(_ launch: AppLaunch) async throws {
        // Being written in the screens work; callers can already be wired to it.
        _ = launch
        throw AppLaunchError.notYetWritten
    }
}

enum AppLaunchError: Error { case notYetWritten }
