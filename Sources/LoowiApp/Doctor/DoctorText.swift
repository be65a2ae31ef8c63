import Localization

/// Every sentence `loowi doctor` says, in its own catalogue: what each check found and, for a
/// problem, how to fix it in plain words. Placeholders are `{0}`, `{1}`. Commands and paths
/// inside the sentences stay as they are typed.
public enum DoctorText: String, TranslatedText, CaseIterable {
    // How a line is put together, and the last line.
    case line, problemLine, allWell, oneNeedsYou, someNeedYou
    // What each line is about.
    case subjectSpeech, subjectSound, subjectDispatcher, subjectReadline, subjectSettings, subjectPermissions
    case subjectCertificates, subjectAccounts, subjectAccount, subjectEnvironmentAccount, subjectLive, subjectRequests
    case subjectOutbox, subjectDrafts
    // eSpeak NG.
    case speechWorks, speechMissing, speechMissingFix, speechDataMissing, speechDataFix, speechNoVoiceNamed
    case speechNoVoiceForLanguage, speechVoiceFix
    // The sound device.
    case soundPulse, soundNull, soundNullFix, soundALSA, soundChosenPCAudio, soundNone, soundNoneFix
    // speech-dispatcher.
    case dispatcherAnswers, dispatcherSilent, dispatcherFix
    // loowi's data folder.
    case subjectData, dataFound, dataMissing, dataDamaged, dataFix
    // readline.
    case readlineWorks, readlineMissing, readlineFix
    // Hunspell, for F6 in compose: optional, so never a problem.
    case subjectSpelling, spellingWorks, spellingWithoutHunspell, spellingWithoutDictionary
    // config.toml.
    case settingsMissing, settingsRead, settingsError, settingsFix
    // File modes.
    case permissionsFine, permissionsReadable, permissionsWritable, permissionsOwner, permissionsChmod, permissionsChown
    // Certificates.
    case certificatesSystem, certificatesFile, certificatesProblem, certificatesNotPEM, certificatesFix
    // Accounts.
    case accountsNone, accountsNoneFix, accountWorks, accountRefused, accountLogIn, accountTimedOut, accountTimedOutFix
    // Live updates and the rate limit.
    case liveStreams, liveWebSocket, liveNone, liveFailed
    case requestsLeft, requestsLeftNoReset, requestsUnknown, requestsNone, requestsWait
    // Outbox and drafts.
    case outboxEmpty, outboxOne, outboxMany, draftsNone, draftsOne, draftsMany
    case fileMovedAside, fileRecovered, fileKeptFix, fileUntouchable, fileUntouchableFix
}

extension DoctorText {
    public static let tables: [Language: [DoctorText: String]] = [.britishEnglish: english, .spanish: spanish, .catalan: catalan]
}

public typealias DoctorStrings = Catalogue<DoctorText>
