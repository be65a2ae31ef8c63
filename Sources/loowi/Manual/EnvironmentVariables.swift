import LoowiApp

/// Every variable of the environment loowi reads, with what it does: the manual's ENVIRONMENT
/// section. A test reads the sources for every variable they look up and fails when one is
/// missing here, so a new one cannot go undocumented.
enum EnvironmentVariables {
    static let all: [(name: String, meaning: String)] = [
        (
            AccountResolver.instanceVariable,
            "With \(AccountResolver.tokenVariable): the server to use (such as https://mastodon.social), instead of a saved account."
        ),
        (AccountResolver.tokenVariable, "With \(AccountResolver.instanceVariable): the access token to use. It is never printed."),
        (LoowiConfig.caFileVariable, "A PEM file with the certificate authority of a server that has its own; wins over ca_file in config.toml."),
        ("LOOWI_AUDIO", "pcaudiolib: play through pcaudiolib (which also reaches ALSA) rather than loowi's own PulseAudio stream."),
        ("LOOWI_MOCK", "The mastodon_mock program loowi demo runs; without it, the source tree's .venv (for a loowi built there), then PATH."),
        ("PATH", "Where loowi demo looks for mastodon_mock after LOOWI_MOCK (pipx install mastodon-mock==\(DemoFiles.mockVersion) puts it there), and where the programs loowi starts are found."),
        ("LOOWI_DEMO_PACE", "How fast the demo's first minute goes: 1 is real time, 0.1 ten times faster, off leaves it out."),
        ("ESPEAK_DATA_PATH", "The folder that holds espeak-ng-data, when eSpeak NG's data is not where it was installed."),
        ("PULSE_SERVER", "The PulseAudio (or PipeWire) server to play to, read by libpulse."),
        ("PULSE_SINK", "The sink to play to instead of the server's default, read by libpulse."),
        ("BROWSER", "The browsers that open links, colon-separated; %s is the address. Otherwise xdg-open on a desktop."),
        ("DISPLAY", "Set on a graphical desktop: a browser is started in its own window, and xdg-open is tried."),
        ("WAYLAND_DISPLAY", "As DISPLAY, on a Wayland desktop."),
        ("NO_COLOR", "Set to anything but empty: the full screen keeps the terminal's own colours, whatever theme says."),
        ("XDG_CONFIG_HOME", "Where the loowi folder with config.toml and accounts.json is (default ~/.config)."),
        ("XDG_STATE_HOME", "Where the loowi folder with drafts and outboxes is (default ~/.local/state)."),
        ("XDG_CACHE_HOME", "Where loowi's cache folder is (default ~/.cache)."),
        ("XDG_DATA_HOME", "Where the loowi folder with sound packs is (default ~/.local/share)."),
        ("HOME", "Your home folder, below which the folders above are by default."),
        ("USER", "The name loowi gives speech-dispatcher for its connection."),
    ]
}
