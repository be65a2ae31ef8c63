import TweetEngine

/// What the connection's changes say, shared by the app and `loowi watch`.
public enum LiveWords {
    /// "Live updates are back; 3 posts and 1 notification arrived meanwhile."
    public static func back(_ missed: LiveMissed, _ s: AppStrings) -> String {
        returned(missed, s, alone: .liveBack, with: .liveBackWith, withOne: .liveBackWithOne)
    }

    /// "Your server answers again; 3 posts arrived meanwhile." (after "loowi cannot reach your server").
    public static func answersAgain(_ missed: LiveMissed, _ s: AppStrings) -> String {
        returned(missed, s, alone: .liveAnswers, with: .liveAnswersWith, withOne: .liveAnswersWithOne)
    }

    private static func returned(_ missed: LiveMissed, _ s: AppStrings, alone: AppText, with: AppText, withOne: AppText) -> String {
        let posts = missed.statuses.count
        let notices = missed.notifications.count
        var parts: [String] = []
        if posts > 0 { parts.append(s.count(posts, .liveOnePost, .livePostsCount)) }
        if notices > 0 { parts.append(s.count(notices, .liveOneNotification, .liveNotificationsCount)) }
        switch parts.count {
        case 0: return s(alone)
        case 1: return s(posts + notices == 1 ? withOne : with, parts[0])
        default: return s(with, s(.liveAnd, parts[0], parts[1]))
        }
    }

    /// "Live updates come every minute on this server."
    public static func polling(_ every: Duration, _ s: AppStrings) -> String {
        s(.livePolling, interval(every, s))
    }

    /// "minute", "2 minutes", "30 seconds".
    static func interval(_ every: Duration, _ s: AppStrings) -> String {
        let seconds = max(1, Int(every.components.seconds))
        if seconds % 60 == 0 { return seconds == 60 ? s(.intervalMinute) : s(.intervalMinutes, String(seconds / 60)) }
        return s(.intervalSeconds, String(seconds))
    }
}
