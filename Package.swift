// swift-tools-version:6.0
import PackageDescription

// Release builds keep line tables (file and line in a backtrace) rather than full debug
// information, compressed, and are linked by the toolchain's lld with packed relative
// relocations: 46.4 MB became 33.2 MB with no symbol stripped (see DECISIONS.md, "the binary").
// The line tables carry no name index (`-accel-tables=Disable`): .debug_names serves a
// debugger's lookups by name, not a backtrace, and was 1.2 MB of the binary with its strings.
// Each function has a section of its own, so the linker drops those never called and lays out
// the rest by scripts/link-order.txt, the functions a profile saw run, together: the kernel maps
// code 64 KB at a time, and scattered code made 10 MB of it resident (DECISIONS.md, "the code
// laid out by a profile"). The executable exports only what the libraries it loads may ask of
// it (scripts/exported-symbols.map), not every public symbol of its modules (DECISIONS.md,
// "the executable's exported symbols"). Concrete types' metadata is reached through their
// accessors, not by mangled names the runtime decodes and checks against every conformance
// record on first use (DECISIONS.md, "a post's words without the runtime's first-use searches").
let releaseSwift: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-gline-tables-only", "-Xfrontend", "-function-sections", "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors", "-Xllvm", "-accel-tables=Disable"], .when(configuration: .release)),
]
let releaseLinker: [LinkerSetting] = [
    .unsafeFlags(
        ["-Xclang-linker", "-fuse-ld=lld",
         "-Xlinker", "--compress-debug-sections=zlib",
         "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
         "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/scripts/link-order.txt",
         "-Xlinker", "--no-warn-symbol-ordering",
         "-Xlinker", "--version-script=\(Context.packageDirectory)/scripts/exported-symbols.map"],
        .when(configuration: .release)),
]

let package = Package(
    name: "loowi",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "loowi", targets: ["loowi"]),
    ],
    targets: [
        // System libraries: each is imported by exactly one Swift module, with `internal import`.
        // eSpeak NG and pcaudiolib, like libcurl, are opened with dlopen when first used (see
        // their shim.h): headers only, no pkg-config, whose flags would link them.
        .systemLibrary(
            name: "CEspeak",
            providers: [.apt(["libespeak-ng-dev"])]
        ),
        // libspeechd: speech-dispatcher's client library, for the speech-dispatcher backend.
        .systemLibrary(
            name: "CSpeechd",
            providers: [.apt(["libspeechd-dev"])]
        ),
        .systemLibrary(
            name: "CPCAudio",
            providers: [.apt(["libpcaudio-dev"])]
        ),
        // libpulse, for loowi's own PulseAudio stream (see Sources/CPulse/shim.h): declared in
        // the shim and opened with dlopen, so neither its headers nor pkg-config are needed.
        .systemLibrary(name: "CPulse"),
        // GNU readline, for one-line prompts (line editing and history) in AccessibleControls:
        // opened with dlopen when a prompt first takes focus (see its shim.h).
        .systemLibrary(
            name: "CReadline",
            providers: [.apt(["libreadline-dev"])]
        ),
        // libcurl, opened with dlopen on the first request (see Sources/CCurl/shim.h): headers
        // only, no pkg-config, whose flags would link it.
        .systemLibrary(
            name: "CCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // One glibc call that <spawn.h> hides without _GNU_SOURCE (see Sources/CSpawn/shim.h).
        .systemLibrary(name: "CSpawn"),

        // What FoundationEssentials leaves out and the modules need (a blocking thread, a
        // condition, trimming, paths, case-insensitive matching, fixed decimals), so that no
        // module imports corelibs Foundation and its 34 MB of ICU data. Only glibc beneath it.
        .target(name: "LoowiSupport", dependencies: ["CSpawn"]),
        // The one language type and the one way to declare translated text, for every module.
        // No dependencies, so the controls and the engine can both use it.
        .target(name: "Localization"),
        // The one sanitiser for text from elsewhere, by where it goes (terminal, synthesiser,
        // a line or lines written out), with the one escape-sequence reading and emoji-joiner
        // rule, and `SpeakableText`. No dependencies, so speech, the controls and the engine
        // all use it without importing each other.
        .target(name: "TextSafety"),
        // Speech engine (eSpeak NG or speech-dispatcher), earcons, the mixer and the audio sinks.
        .target(
            name: "SpeechAudio",
            dependencies: ["LoowiSupport", "TextSafety", "Localization", "CEspeak", "CSpeechd", "CPCAudio", "CPulse"]
        ),
        // iLoowi's low-vision control library: pure controls, keys in, feedback out.
        .target(
            name: "AccessibleControls",
            dependencies: ["LoowiSupport", "TextSafety", "SpeechAudio", "Localization", "CReadline"]
        ),
        // The Mastodon client API over libcurl.
        .target(
            name: "TweetEngine",
            dependencies: ["LoowiSupport", "TextSafety", "Localization", "CCurl"]
        ),
        // The app: screens, configuration, accounts, drafts and the demo. A library, so tests
        // can drive every screen; the executable adds only the command line.
        .target(
            name: "LoowiApp",
            dependencies: ["LoowiSupport", "TextSafety", "SpeechAudio", "Localization", "AccessibleControls", "TweetEngine"]
        ),
        .executableTarget(
            name: "loowi",
            dependencies: [
                "LoowiSupport",
                "SpeechAudio",
                "Localization",
                "TextSafety",
                "AccessibleControls",
                "TweetEngine",
                "LoowiApp",
            ],
            linkerSettings: releaseLinker
        ),

        .testTarget(name: "LoowiSupportTests", dependencies: ["LoowiSupport"]),
        .testTarget(name: "SpeechAudioTests", dependencies: ["SpeechAudio", "TextSafety", "Localization", "CEspeak"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"]),
        .testTarget(name: "TextSafetyTests", dependencies: ["TextSafety"]),
        // Speech transcripts checked in under Tests/Transcripts, shared by the test targets.
        .target(name: "TranscriptTesting", dependencies: ["AccessibleControls"], path: "Tests/TranscriptTesting"),
        .testTarget(name: "AccessibleControlsTests", dependencies: ["AccessibleControls", "Localization", "TranscriptTesting"]),
        .testTarget(
            name: "LoowiAppTests", dependencies: ["LoowiApp", "AccessibleControls", "TweetEngine", "SpeechAudio", "Localization", "TranscriptTesting"]),
        .testTarget(
            name: "TweetEngineTests",
            dependencies: ["TweetEngine", "Localization", "LoowiSupport"],
            // Read at test time through #filePath, not bundled as resources.
            exclude: ["Fixtures", "Support/http_probe_server.py"]
        ),
        // The command line's parsing and help, through `@testable import` of the executable target.
        .testTarget(name: "LoowiCommandTests", dependencies: ["loowi", "TweetEngine", "LoowiApp", "AccessibleControls", "LoowiSupport", "SpeechAudio", "TranscriptTesting"]),
    ]
)

// Every module of loowi's own is built with the release settings above (tests are debug builds).
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? []) + releaseSwift
}

// Fuzzing (scripts/fuzz): one libFuzzer executable holding every harness, declared only when
// LOOWI_FUZZ=1 so the normal `swift build` and `swift test` never see it. It is built with
// `-sanitize=fuzzer,address` in its own scratch path (.build-fuzz) and reaches the modules'
// internals through `@testable import` (debug builds are testable).
if Context.environment["LOOWI_FUZZ"] == "1" {
    package.targets.append(
        .executableTarget(
            name: "loowi-fuzz",
            dependencies: ["TextSafety", "TweetEngine", "AccessibleControls", "LoowiApp"],
            path: "Tests/Fuzz/Harness"
        ))
    package.products.append(.executable(name: "loowi-fuzz", targets: ["loowi-fuzz"]))
}

// The thread sanitizer's build (scripts/tsan) needs only the suites it runs: without the
// command line and the suites of pure code, TSan compiles and links less (CI's time).
if Context.environment["LOOWI_TSAN_SUITES"] == "1" {
    let notRun: Set<String> = ["loowi", "LoowiCommandTests", "LoowiSupportTests", "LocalizationTests", "TextSafetyTests"]
    package.targets.removeAll { notRun.contains($0.name) }
    package.products.removeAll { $0.name == "loowi" }
    // Only the files of the suites TSan runs (scripts/tsan-suites.sh) are compiled for it: the
    // pure suites run in the plain step, and 17 000 lines of their tests are not built twice.
    // scripts/test checks that TSan runs every test its filters select in the plain build.
    let tsanFiles: [String: [String]] = [
        "TweetEngineTests": [
            "BoundedStreamTests.swift", "ClientFilterTests.swift", "CurlOpeningTests.swift", "CurlTransportTests.swift",
            "EngineTests.swift", "GroupedNotificationsTests.swift", "HostileNumberTests.swift", "MediaFileTests.swift",
            "MediaLimitTests.swift", "MockIntegrationTests.swift", "MoreBuffersTests.swift", "MutexContentionTests.swift",
            "OutboxTests.swift", "PagingTests.swift", "PollTests.swift", "PostingDefaultsTests.swift",
            "QuietStreamTests.swift", "RateLimitWaitTests.swift", "SmallerDefectsEngineTests.swift",
            "StartRequestTests.swift", "StreamingTests.swift", "TLSIntegrationTests.swift", "TokenSafetyTests.swift",
            "TransportWordingTests.swift", "WebSocketChoiceTests.swift", "WebSocketIntegrationTests.swift",
            "WorkerPoolTests.swift", "Support", "TSanMutex.swift",
        ],
        "LoowiAppTests": ["UseCaseTests.swift", "TimelineScreenTests.swift", "DemoServerTests.swift", "Support", "TSanMutex.swift"],
        "AccessibleControlsTests": ["RenderingTests.swift", "Support"],
        "SpeechAudioTests": ["MixerTests.swift", "PriorityTests.swift", "SynthesisTests.swift", "Support.swift", "TSanMutex.swift"],
    ]
    for target in package.targets {
        if let files = tsanFiles[target.name] { target.sources = files }
    }
}
