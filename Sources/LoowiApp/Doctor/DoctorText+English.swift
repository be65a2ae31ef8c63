extension DoctorText {
    static let english: [DoctorText: String] = [
        .line: "{0}: {1}",
        .problemLine: "{0}, problem: {1} To fix: {2}",
        .allWell: "All is well: nothing needs you.",
        .oneNeedsYou: "One thing needs you; how to fix it is above.",
        .someNeedYou: "{0} things need you; how to fix each is above.",

        .subjectSpeech: "eSpeak NG",
        .subjectSound: "Sound",
        .subjectDispatcher: "speech-dispatcher",
        .subjectReadline: "Line editing",
        .subjectSettings: "Settings",
        .subjectPermissions: "File permissions",
        .subjectCertificates: "Certificates",
        .subjectAccounts: "Accounts",
        .subjectAccount: "Account {0}",
        .subjectEnvironmentAccount: "The account in LOOWI_INSTANCE and LOOWI_TOKEN, {0}",
        .subjectLive: "Live updates on {0}",
        .subjectRequests: "Requests to {0}",
        .subjectOutbox: "Outbox of {0}",
        .subjectDrafts: "Drafts of {0}",

        .speechWorks: "works, with the voice {0} for {1}.",
        .speechMissing: "the library cannot be opened ({0}), so loowi cannot speak.",
        .speechMissingFix: "install it: sudo apt install libespeak-ng1 espeak-ng-data",
        .speechDataMissing: "its voice data cannot be read ({0}).",
        .speechDataFix:
            "install espeak-ng-data (sudo apt install espeak-ng-data), or point ESPEAK_DATA_PATH at the folder that holds espeak-ng-data.",
        .speechNoVoiceNamed: "it has no voice called {0}, the voice in your settings.",
        .speechNoVoiceForLanguage: "it has no voice for {0}.",
        .speechVoiceFix: "install espeak-ng-data, or choose a voice it has: loowi voices lists them, and loowi config set voice NAME chooses one.",

        .soundPulse: "PulseAudio plays to {0}.",
        .soundNull: "PulseAudio plays to {0}, a null sink: nothing played there is heard.",
        .soundNullFix: "choose a real output in your sound settings, or with pactl set-default-sink NAME (pactl list short sinks lists them).",
        .soundALSA: "no PulseAudio server answers ({0}), so loowi plays through ALSA.",
        .soundChosenPCAudio: "loowi plays through pcaudiolib, as LOOWI_AUDIO asks.",
        .soundNone: "no sound device opens ({0}).",
        .soundNoneFix:
            "start your sound server (systemctl --user start pipewire-pulse, or pulseaudio --start), or check your sound card with aplay -l. Until then loowi --line prints what it would say, for a braille display.",

        .dispatcherAnswers: "answers; loowi speaks through it, as speech_backend asks.",
        .dispatcherSilent: "does not answer, so loowi speaks with its own eSpeak NG instead.",
        .dispatcherFix:
            "start it (systemctl --user start speech-dispatcher, or speech-dispatcher -d), install it (sudo apt install speech-dispatcher), or go back to eSpeak NG: loowi config set speech_backend espeak",

        .subjectData: "loowi's data",
        .dataFound: "found in {0}: the hashtag word lists and the demo.",
        .dataMissing: "not found, so hashtags are read as written and the demo cannot start.",
        .dataDamaged: "missing or damaged: {0}.",
        .dataFix: "reinstall loowi, or run the loowi built in its source folder.",
        .readlineWorks: "readline is there, for editing what you type.",
        .readlineMissing: "{0}, so loowi's text fields cannot be typed in.",
        .readlineFix: "install it: sudo apt install libreadline8",

        .settingsMissing: "there is no config.toml yet ({0}), so the defaults apply.",
        .settingsRead: "{0} reads without a problem.",
        .settingsError: "{0}",
        .settingsFix: "edit that line in {0}, or remove the setting with loowi config unset NAME so its default applies.",

        .permissionsFine: "loowi's files and folders are yours, and only you can read your accounts, drafts and outbox.",
        .permissionsReadable: "other people can read {0} (mode {1}).",
        .permissionsWritable: "other people can change {0} (mode {1}).",
        .permissionsOwner: "{0} belongs to another user.",
        .permissionsChmod: "run: chmod {0} {1}",
        .permissionsChown: "make it yours: sudo chown {0} {1}",

        .certificatesSystem: "the system's certificate authorities are trusted, and no other (ca_file is not set).",
        .certificatesFile: "{0} is trusted besides the system's certificate authorities.",
        .certificatesProblem: "{0}",
        .certificatesNotPEM: "{0} holds no PEM certificate (no line -----BEGIN CERTIFICATE-----).",
        .certificatesFix:
            "give the PEM file of your server's certificate authority: loowi config set ca_file /path/to/ca.pem, or stop using one: loowi config unset ca_file",

        .accountsNone: "none is saved yet.",
        .accountsNoneFix: "log in with loowi login and your server's name, such as loowi login mastodon.social; or hear loowi first with loowi demo.",
        .accountWorks: "its token works; the server knows you as {0}.",
        .accountRefused: "the server no longer accepts its token: it was revoked or has expired.",
        .accountLogIn: "log in again: loowi login {0}",
        .accountTimedOut: "the server did not answer within {0} seconds.",
        .accountTimedOutFix: "check your internet connection and the server's address, then run loowi doctor again.",

        .liveStreams: "the server streams them as they happen (server-sent events).",

        .liveWebSocket: "the server streams them as they happen (WebSocket).",
        .liveNone: "the server has no streaming, so loowi asks for news every {0} seconds (poll_seconds).",
        .liveFailed: "the stream does not open ({0}), so loowi asks for news every {1} seconds instead.",

        .requestsLeft: "{0} of {1} left {2}.",
        .requestsLeftNoReset: "{0} of {1} left.",
        .requestsUnknown: "the server does not say how many are left.",
        .requestsNone: "none left {0}; until then loowi waits before each request.",
        .requestsWait: "wait {0}, and run fewer commands in a row.",

        .outboxEmpty: "no post waits.",
        .outboxOne: "one post waits for the server; loowi outbox send sends it.",
        .outboxMany: "{0} posts wait for the server; loowi outbox send sends them.",
        .draftsNone: "none is kept.",
        .draftsOne: "one draft is kept; loowi offers it when you write again.",
        .draftsMany: "{0} drafts are kept; loowi offers them when you write again.",
        .fileMovedAside: "the file could not be read; loowi set it aside as {0}.",
        .fileRecovered: "{0} of its entries could not be read; loowi kept the file as it was at {1}.",
        .fileKeptFix: "what could not be read is in {0}; copy what you need from it, then delete it.",
        .fileUntouchable: "{0} cannot be read or written ({1}).",
        .fileUntouchableFix: "check that {0} and its folder exist and are yours.",
    ]
}
