import Localization

/// Every piece of wording the engine says (errors, times, the parts of a post), keyed. The
/// engine decides the facts (which error, how long); the sentence comes from these tables.
/// Placeholders are `{0}`, `{1}`.
public enum EngineText: String, TranslatedText, CaseIterable {
    // Errors: what went wrong.
    case loginInvalid, notAllowed, notFound, notAnswering, refused, serverProblem, serverError, slowDown
    case unreadableAnswer, notLoggedIn, postTooLong, tokenFileInsecure, tokenStorage, streamingUnavailable
    case loginRefused, directMessageNotAllowed, cancelled, cannotReach, insecureURL, certificateNotTrusted
    case notHTTPS, speaksHTTPS, answerCutOff, securitySetupFailed, responseTooLarge, redirectToOtherHost
    case invalidAddress, somethingWentWrong, answerLost
    case tokenUnusable, tokenFileDamaged, photoTooLarge, videoTooLarge, soundTooLarge
    // Errors: what to do about it.
    case checkConnection, checkCertificate, checkAddressAndPort, writeHTTPS, updateLibcurl, useHTTPSAddress
    case logInAgain, changeAndRetry, tryAgainAt, tryLaterMaybeIncompatible, logInFirst, removeCharacters
    case fixPermissions, checkConfigurationFolder, refreshForNewPosts, restartLogin, mentionInstead
    case tryLater, willRetry, rateLimitWait, mediaProcessing
    case copyTokenAgain, logInToSave, attachSmaller
    // Why a file could not be written or read (FileFailure).
    case fileDiskFull, fileNoPermission, fileReadOnly, fileInTheWay, fileFolderMissing, fileDiskError, fileSystemError
    case fileNotRegular, fileUnreadable, fileCannotEncode, fileTooManyCopies, cannotWriteFile, cannotWriteIn
    // Sizes.
    case megabytes
    // Times.
    case justNow, ago, inTime, second, seconds, minute, minutes, hour, hours, day, days, week, weeks, month
    case months, year, years, atTime, atOneOClock, untilTime, untilOneOClock
    // Post text.
    case youBoosted, youFavourited, youBookmarked
    case linkTo, emojiRun, hashtagOne, hashtagList, styledText, boosted, directMessage, contentWarning, image, animation, video, audio, attachment
    case withoutDescription, oneVote, votes, poll, pollClosed, pollOpen, pollOneChoice, pollManyChoices, youVoted, pollCloses
    // What a content warning hides, counted ("Behind it: 1 image, a poll.").
    case behindWarning, hiddenImage, hiddenImages, hiddenVideo, hiddenVideos, hiddenAnimation, hiddenAnimations, hiddenAudio, hiddenAudios
    case hiddenAttachment, hiddenAttachments, hiddenPoll, hiddenCard
    // Server-side filters and quote posts.
    case filteredBy, quoting
    // A vote that cannot be sent.
    case voteNoSuchChoice, voteOnlyOne, voteNoChoice, voteClosed, voteAlreadyVoted
    // Relationships.
    case following, followRequested, alreadyFollowing, alreadyRequested

    public static let tables: [Language: [EngineText: String]] = [
        .britishEnglish: english, .americanEnglish: american, .spanish: spanish, .catalan: catalan,
    ]

    /// Only what American English spells otherwise.
    static let american: [EngineText: String] = [.youFavourited: "You favorited this."]
}
