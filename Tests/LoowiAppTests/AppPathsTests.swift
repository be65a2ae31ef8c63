import Foundation
import Testing

@testable import LoowiApp

@Suite(.timeLimit(.minutes(5))) struct AppPathsTests {
    @Test func followsXDGVariables() {
        let paths = AppPaths(environment: ["HOME": "/home/ada", "XDG_CONFIG_HOME": "/cfg", "XDG_STATE_HOME": "relative/ignored"])
        #expect(paths.configFile.path == "/cfg/loowi/config.toml")
        #expect(paths.state.path == "/home/ada/.local/state/loowi")
        #expect(paths.cache.path == "/home/ada/.cache/loowi")
        #expect(paths.data.path == "/home/ada/.local/share/loowi")
    }
}
