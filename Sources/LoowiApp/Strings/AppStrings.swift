import AccessibleControls

/// Every sentence the app's screens speak. Placeholders are `{0}`, `{1}`.
public enum AppText: String, TranslatedText, CaseIterable {
    case cachedOnly, settingNotSaved, speechDispatcherFallback, noSoundDeviceAnswered
    case homeTitle, accountTimelineTitle, homeWhere, accountWhere, whereLabel, postsList, wheelHint, author
    case authorHint, time, postText, boost, unboost, reply, refresh, details
    case newPost, about, noPosts, noPostSelected, noWarningHere, boosting, unboosting, boosted
    case boostRemoved, favouriting, unfavouriting, favourited, favouriteRemoved, refreshing, newPosts, oneNewPost
    case noNewPosts, loadingHome, loadingPostsOf, loadingFailed, templateBoosted, templateBoostedBy, templateDirect, templateWarning, templateFiltered
    case templateHidden, aboutTitle, aboutWhat, aboutVersionLabel, aboutVersion, aboutHelpLabel, aboutHelp, detailsTitle
    case handle, name, postsCount, followersCount, followingCount, relationship, youFollowThem, youRequested
    case youDoNotFollow, theyFollowYou, theyDoNotFollow, thisIsYou, thisIsYouSentence, followers, following, directMessage, follow
    case unfollow, newPostMentioning, dmNeedsFollower, dmToYourself, loadingDetails, loadingFollowers, loadingFollowing, followingProgress
    case followRequestWithdrawn, wereNotFollowing
    // Asking before unfollowing, following someone already followed, a list item's relationship (issue 35, item 4).
    case unfollowAsk, withdrawRequestAsk, unfollowCancelled, withdrawRequestCancelled, alreadyFollowingPerson, alreadyRequestedPerson
    case personWithRelation, relationFollowing, relationRequested, relationFollowsYou, relationMuted, relationBlocked
    case unfollowing, nowFollowing, followRequested, stoppedFollowing, checkingDM, followersOfTitle, followingOfTitle, peopleList
    case peopleHint, personItem, nobodyHere, composeTitle, replyTitle, mentionTitle, directTitle, postField
    case cancel, send, charactersLeftLabel, charactersLeft, charactersOver
    case nothingToSend, tooLongToSend, sending, sendingMessage, postSent, messageSent, notSentKept, keptAsDraft
    case composeCancelled, draftRestored, draftNotSaved, draftOffered, draftsOffered, unexpectedError
    case draftsMovedAside, draftsPartlyUnreadable, draftsUntouchable
    // Info's names for the timeline's keys.
    case appKeys, actionSettings
    case demoStarting, demoServerAt
    case composeKeys, actionSend, onlyNamesAsk, languagePreview
    // What is sent, said before and as it is sent (issue 35).
    case sentPublic, sentUnlisted, sentFollowers, sentDirect, directNeedsMention, replyNarrowed, warningKept
    case actionAccounts, accountsTitle, accountsList, accountsHint, accountCurrent, onlyAccount, openingAccount, alreadyReadingAs, nowReadingAs
    // The settings keys, F5–F8.
    case verbosityNowBeginner, verbosityNowIntermediate, verbosityNowExpert, positionsNowOn, positionsNowOff, rateNow, rateFastest, rateSlowest
    case settingsTitle, settingsList, settingItem, settingNextStart, settingRefused, settingOutOfRange, settingNotAllowed, configProblemAt, settingVoice, settingRate, settingPitch, settingVolume, settingPunctuation, settingCapitals, settingKeyEcho, settingVerbosity, settingPositions, settingLanguage, settingLinks, settingEmoji, settingHashtags, settingPostLanguage, settingGlanceBeginner, settingGlanceIntermediate, settingGlanceExpert, settingVoicesForPeople, sampleVoices, settingAnnounceMention, settingAnnounceDirectMessage, settingAnnounceFollow, settingAnnounceFavourite, settingAnnounceBoost, settingAnnounceNewPost, settingAnnouncePollEnded, settingAnnounceEdited, settingSounds, settingSoundPack, settingSoundVolume, settingSoundWords, settingDisplay, settingTheme, settingKeypad, settingSpeechBackend, valueOwnVoice, valueBuiltInSounds, valueOn, valueOff, valueWordsAMinute, valuePercent, punctuationNone, punctuationSome, punctuationMost, punctuationAll, capitalsNone, capitalsSpell, capitalsEarcon, capitalsPitch, keyEchoAuto, keyEchoNone, keyEchoCharacters, keyEchoWords, keyEchoBoth, verbosityBeginner, verbosityIntermediate, verbosityExpert, linksHost, linksFull, linksOmit, emojiKeep, emojiNames, emojiCollapse, emojiDrop, displayFull, displayLine, themeDefault, themeHighContrast, themePlain, keypadTimed, keypadMultiTap, announceSound, announceSpeak, announceInterrupt, announceNothing, sampleLinks, sampleEmoji, samplePunctuation, sampleCapitals, previewSample
    case timelineKeys, actionReply, actionBoost, actionFavourite, actionNewPost, actionRefresh, actionOpenAuthor
    case actionAuthorDetails, actionDirectMessage, actionExpand
    case alreadyPublished, postMayBeOut, lostAnswerWaits, postWaits, outboxNotSaved, alreadySending, waitingPostPublished, waitingPostsPublished, textKept
    case rateLimitWait, rateLimitWaitBackground, busyRateLimited, alreadyUnderWay
    case outboxMovedAside, outboxPartlyUnreadable, outboxUntouchable, outboxRefusedWaiting, outboxBusyElsewhere, outboxGone
    // The demo's first minute (DemoFirstMinute).
    case demoCommunityStopped
    // loowi's data found beside the program or in its checkout, and the demo's server found (issue 37, items 2-3).
    case demoMockMissing, demoMockNotAProgram, demoDataMissing, wordListsMissing
    // The first screen's buffers (BufferSet, BufferListScreen).
    case bufferHome, bufferNotifications, bufferMentions, bufferDirectMessages, bufferSent, bufferFavourites, bufferBookmarks, bufferUnread, loadingBuffer, buffersFromFirstScreen, bufferWhere
    case bufferListHint, conversationsHint, noNotifications, noConversations, noPostHere, nothingNew, newItems, refreshingList, actionBuffer, actionPreviousBuffer, actionNextBuffer
    // Buffers opened after the seven (OpenedBuffers).
    case threadTitle, loadingThread, threadGone, actionThread, actionOpenedBuffer, noBufferNumber, openedBuffersInfo, oldestBufferClosed, markingRead
    // Where you left off (the home timeline's reading position).
    case savingPosition, newSinceMarker, oneNewSinceMarker
    // The catch-up (c): its summary line, its items, the offer at start.
    case actionCatchUp, catchUpTitle, catchUpHint, catchUpOnePost, catchUpPosts, catchUpFromPerson, catchUpFromPeople, catchUpOneMention
    case catchUpMentions, catchUpOneThread, catchUpThreads, catchUpNothing, catchUpShared, catchUpGroup, catchUpGroupClosed, catchUpOffer
    // Notifications: follow requests answered, and acting on a notification's post.
    case actionAcceptFollowRequest, actionRejectFollowRequest, acceptingFollowRequest, rejectingFollowRequest
    case followRequestAccepted, followRequestRejected
    case followRequestHint, notAFollowRequest, followRequestAlreadyAnswered, followRequestGone, noPostToActOn
    // Paging: older pages at a buffer's end, the gap a refresh leaves, the end of what it brought.
    case loadingOlder, loadingOlderItems, gapPosts, gapItems, loadingGap, endOfNewPosts, endOfNewItems, bufferFull, newPostsAndGap, newItemsAndGap
    // Direct replies: a reply to a direct post stays direct and addresses everyone in it.
    case directReplyTitle, noMessageToAnswer
    // Live updates (LiveUpdates, Announcer): announcements, the connection's state, an edited or deleted post.
    // Announcements with the post's words, and the setting that keeps names only (issue 39, item 5).
    case liveMentionWords, liveDirectWords, settingAnnounceWords
    case livePeopleAndOne, livePeopleAndOthers, liveMention, liveMentionPlural, liveDirect, liveDirectPlural, liveFollow, liveFollowPlural, liveFollowRequest, liveFollowRequestPlural, liveFavourite, liveFavouritePlural, liveBoost, liveBoostPlural, livePollEnded, livePollsEnded, liveEdited, liveEditedPlural
    case liveStopped, liveBack, liveBackWith, liveBackWithOne, liveUnreachable, liveAnswers, liveAnswersWith, liveAnswersWithOne, livePostsCount, liveOnePost, liveNotificationsCount, liveOneNotification, liveAnd, livePolling, intervalMinute, intervalMinutes, intervalSeconds, liveEnded, liveSomeone, postEdited, postDeleted
    // The post view (Enter on a post) and its links (o).
    case postViewTitle, postActions, postActionsHint, oneReply, repliesCount, oneBoost, boostsCount, oneFavourite, favouritesCount, itemReply, itemReplyToAuthor, itemReplyToAll, itemBoost, itemUnboost, itemFavourite, itemUnfavourite, itemBookmark, itemUnbookmark, itemThread, itemOpenLink, itemAuthorPosts, itemAuthorDetails, itemVote, itemChoiceChosen, itemChoiceNotChosen, itemSendVote, itemDelete, itemMute, itemBlock, deleteAsk, blockAsk, deleting, postDeletedByYou, muting, muted, blocking, blocked, voting, voted, bookmarking, unbookmarking, bookmarked, bookmarkRemoved, actionPostView, actionLinks, noLinks, linksTitle, linksList, linksHint, linkKeys, postViewKeys, actionOpenLink, actionCopyLink, actionSayAddress, copied, openingLink, noBrowser, browserFailed, browserNotFound, browserExited, browserNotStarted, backFromBrowser
    // Compose: the warning, who can see it, the language.
    case warningField, warningHint, visibilityLabel, visibilityDefault, visibilityPublic, visibilityUnlisted, visibilityFollowers, visibilityDirect, postLanguageLabel, choiceHint
    // Search (s) and hashtags.
    case hashtagTitle, loadingHashtag, followHashtag, unfollowHashtag, followingHashtag, unfollowedHashtag, followingHashtagProgress, searchTitle, searchField, searchHint, nothingToSearch, searching, searchResultsTitle, nothingFound, resultPerson, resultHashtag, resultHashtagPeople, resultPost, searchFound, searchResultsHint, actionSearch, notAPost
    // People: their keys, mute, block, report, the bio.
    case peopleKeys, actionFollowPerson, actionMessagePerson, actionTheirPosts, actionTheirFollowers, actionTheirFollowing, actionTheirDetails, actionMutePerson, actionBlockPerson, actionReportPerson, unmuting, unmuted, unblocking, unblocked, itemReport, reportTitle, reportField, reportHint, sendReport, reporting, reported, reportCancelled, bioLabel, noBio, mutedState, blockedState
    case blockAskKey
    case profileFields
    // Editing your posts.
    case editTitle, savingEdit, postEditedByYou, itemEdit, loadingSource
    // Lists.
    case listsTitle, listsList, noLists, loadingLists, listsHint, listTitle, loadingList, actionLists, memberTitle, memberItem, notMemberItem, memberHint, addingToList, removingFromList, addedToList, removedFromList, actionPersonLists
    // A poll in compose.
    case pollChoicesField, pollChoicesHint, pollLengthLabel, pollOneHour, pollOneDay, pollThreeDays, pollSevenDays, pollKindLabel, pollKindOne, pollKindSeveral, pollNeedsChoices, pollChoiceTooLong, pollChoicesRepeated
    // Attachments in compose.
    case sensitiveLabel, sensitiveNo, sensitiveYes, actionNextFile, actionPreviousFile
    case completeOnlyPaths, completeNoFolder, completeNothingIn, completeNothingStarts, completeFolder, completePosition
    case localTitle, federatedTitle, loadingLocal, loadingFederated, actionLocalTimeline, actionFederatedTimeline
    // The user's own lists opened from a timeline (issue 39, item 10).
    case followedHashtagsTitle, followedHashtagsKeys, followedHashtagsList, followedHashtagsHint, noFollowedHashtags, loadingFollowedHashtags
    case yourFollowersTitle, yourFollowingTitle, mutedTitle, blockedTitle, loadingYourFollowers, loadingYourFollowing, loadingMuted, loadingBlocked
    case nobodyMuted, nobodyBlocked, mutedHint, blockedHint
    case actionFollowedHashtags, actionYourFollowers, actionYourFollowing, actionMutedAccounts, actionBlockedAccounts
    case completionLooking, completionNoAccounts, completionNoHashtags, completionNoEmoji, completionAccount, completionClosed, completionWritten
    case mediaProcessingLabel
    case attachField, attachHint, attachNoDescription, attachTooMany, attachOrPoll, uploading, fileMissing, fileNotMedia, fileUnreadable, fileTooLarge, fileNotReady
    // loowi watch.
    case watchListening, watchEnded
    // A damaged outbox: the posts taken back from it, and those that could not be.
    case outboxRecovered, outboxPartlyRecovered
    case spellingTitle, spellingList, spellingHint, spellingNoSuggestions, spellingNothingToPut, spellingTextChanged, spellingReplaced, spellingNoDictionaryFor, spellingChecking, spellingNoLibrary, spellingNoDictionary, spellingNoMistakes, spellingEnglish, spellingSpanish, spellingCatalan, actionSpelling
}

extension AppText {
    public static let tables: [Language: [AppText: String]] = [
        .britishEnglish: english, .americanEnglish: american, .spanish: spanish, .catalan: catalan,
    ]
}

/// The app's words in one interface language, with British English behind every table: a
/// missing string is said in English, never as its key. American English differs only where
/// the spelling does.
public typealias AppStrings = Catalogue<AppText>

extension Catalogue where TextKey == AppText {
    /// A count with the right noun: "1 post", "3 posts".
    func count(_ n: Int, _ one: AppText, _ many: AppText) -> String {
        n == 1 ? self(one) : self(many, String(n))
    }
}
