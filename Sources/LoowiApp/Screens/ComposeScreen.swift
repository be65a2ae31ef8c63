import AccessibleControls
import TweetEngine

/// The compose screen, for a terminal: Tab goes from the text through the warning, who can
/// see it, the language, the poll and the attachments to Send, then the characters left (the
/// server's limit, Mastodon's counting rule), Cancel and Info. iLoowi's phone keypad and word
/// buttons stay in the practice gallery: a keyboard has letters and Ctrl+arrows. Used
/// for new posts, replies (the mentions filled in), posts mentioning someone, and direct
/// messages. Every change is saved as a draft, so nothing typed is ever lost. A reply to a
/// direct post, or from a conversation, stays direct and addresses everyone in it.
@MainActor
final class ComposeScreen: AppScreen {
    enum Kind {
        case new
        /// `conversation`: replying from the Direct messages buffer, whose other people are
        /// addressed too, and which is direct whatever its last post says.
        case reply(Status, conversation: Conversation? = nil)
        /// A reply addressed to the post's author alone (the post view offers it when the
        /// post mentions others; never on a direct post).
        case replyToAuthor(Status)
        /// New words for one of the user's posts, from what they typed (its source).
        case edit(Status, StatusSource)
        case mention(Account)
        case direct(Account)
    }

    enum ControlID: String {
        case text, remaining, send, warning, visibility, language, pollChoices, pollLength, pollKind
        case attachments, sensitive
    }

    let screen: ControlScreen
    unowned let app: AppCore
    let kind: Kind
    let field: TextField
    let remaining: Label
    /// Above the text, as on Mastodon's own page: the warning, who can see it (not for a
    /// direct message, which is direct), and the post's language.
    let warning: TextField
    let visibility: VisibilityChoice?
    let language: LanguageChoice
    /// Farthest above the text (polls are rarer than warnings); not when editing.
    let poll: PollChoice?
    /// Above the poll; not when editing.
    let attachments: AttachmentChoice?
    /// The attachments uploaded for the text they were written as: a second Send after a
    /// failure does not upload them again.
    private var uploaded: (written: String, ids: [String])?
    private var wasOverLimit = false
    /// Set once the post is sent, so leaving says nothing about a kept draft.
    private var sent = false
    /// A reply holding only the names was asked about: the next Send sends it as it is.
    private var askedAboutNamesOnly = false
    /// The drafts file refused the last save: said once, not at every letter typed after it.
    private var draftSaveFailing = false
    private let completer = PathCompleter()
    private lazy var textCompleter = TextCompleter(app: app)

    private var s: AppStrings { app.strings }

    init(app: AppCore, kind: Kind) {
        self.app = app
        self.kind = kind
        let s = app.strings
        let saved = app.drafts.draft(for: Self.place(of: kind))
        field = TextField(id: ControlID.text.rawValue, label: s(.postField), text: saved?.text ?? Self.prefill(kind, me: app.me))
        let preferences = app.engine.knownPreferences
        // A reply takes its post's warning, as Mastodon's own page does.
        let warningText = saved?.choices.contentWarning ?? kind.editedSource?.spoilerText ?? kind.parent.map(\.spoilerText) ?? ""
        warning = TextField(id: ControlID.warning.rawValue, label: s(.warningField), text: warningText, hint: s(.warningHint))
        // An edit keeps who can see the post: the server does not change it.
        visibility = Self.isDirect(kind) || kind.isDirectMessage || kind.editedSource != nil ? nil : VisibilityChoice(
            id: ControlID.visibility.rawValue, strings: s, parent: kind.parent?.visibility.known,
            chosen: saved?.choices.visibility, accountDefault: preferences?.defaultVisibility.known)
        language = LanguageChoice(
            id: ControlID.language.rawValue, strings: s, chosen: saved?.choices.language ?? kind.edited?.language,
            accountDefault: preferences?.defaultLanguage)
        remaining = Label(id: ControlID.remaining.rawValue, label: s(.charactersLeftLabel), text: "")
        let send = Button(id: ControlID.send.rawValue, label: s(.send))
        poll = kind.edited != nil ? nil : PollChoice(
            ids: (ControlID.pollChoices.rawValue, ControlID.pollLength.rawValue, ControlID.pollKind.rawValue), strings: s, saved: saved?.choices.poll)
        attachments = kind.edited != nil ? nil : AttachmentChoice(
            ids: (ControlID.attachments.rawValue, ControlID.sensitive.rawValue), strings: s, saved: saved?.choices.attachments,
            sensitive: saved?.choices.sensitive)
        // Mastodon's own page reads in this order; the rarer poll and attachments come last.
        let choices: [any Control] =
            [warning] + [visibility?.control, language.control].compactMap { $0 } + (poll?.controls ?? []) + (attachments?.controls ?? [])
        screen = ControlScreen(
            title: Self.title(kind, app: app), controls: [field] + choices,
            toolbarThird: .label(remaining), toolbarFourth: .button(send), screenKeys: ComposeAction.keys, toolbarBackLabel: s(.cancel),
            settings: app.settings, keymap: app.keymap)
        // Send is the stop after the choices, not four Tabs further on; the toolbar still
        // draws it in its own slot.
        if let toolbar = screen.toolbar {
            screen.focus.setControls([field] + choices + [send, remaining, toolbar.back, toolbar.info])
        }
        // The counter is read whole: its word-by-word keys are not compose's.
        screen.helpLeavesOut = [.label]
        // Asked once a session, so the next post starts from the account's own default.
        if app.engine.preferencesWorthAsking { _ = app.perform(s(.composeTitle), busy: false, { engine in try await engine.preferences() }, then: { _ in .none }, failed: { _ in .none }) }
        screen.onEvent = { [weak self] event, context in self?.handle(event, context) ?? .none }
        screen.onAction(ComposeAction.self) { [weak self] action, context in
            switch action {
            case .send: self.map { ScreenOutcome($0.send()) }
            case .nextFile: self.map { ScreenOutcome($0.complete(forward: true, now: context.now)) }
            case .previousFile: self.map { ScreenOutcome($0.complete(forward: false, now: context.now)) }
            case .spelling: self.map { ScreenOutcome($0.checkSpelling()) }
            }
        }
        screen.onLeave = { [weak self] _ in self?.leave() ?? [] }
        screen.takesKeyFirst = { [weak self] key, _ in self?.suggestionKey(key) }
        // Spelling's key (F6 unless remapped) before the global positions key, here only.
        screen.screenKeysFirst = Set(app.keymap.keys(for: .screen(ComposeAction.spelling.rawValue), in: ComposeAction.keys))
        let opening = Self.openingWords(kind, saved: saved, visibility: visibility, accountDefault: preferences?.defaultVisibility.known, app: app)
        if !opening.isEmpty {
            screen.onOpen = { _ in opening.map { .speak($0, .announcement) } }
        }
        updateRemaining()
    }

    /// What is said as compose opens, before the first focus: a draft brought back; for a new
    /// reply, who can see it when the post answered made that narrower than the account's
    /// default, and the warning it took from that post (both chosen for the user, so said).
    private static func openingWords(
        _ kind: Kind, saved: SavedDraft?, visibility: VisibilityChoice?, accountDefault: Visibility?, app: AppCore
    ) -> [String] {
        let s = app.strings
        guard saved == nil else { return [s(.draftRestored)] }
        guard let parent = kind.parent else { return [] }
        var words: [String] = []
        if let chosen = visibility?.chosen, chosen != accountDefault {
            words.append(s(.replyNarrowed, VisibilityChoice.name(chosen, s)))
        }
        let warning = Sanitizer.clean(parent.spoilerText, for: .line)
        if !warning.trimmingWhitespace.isEmpty { words.append(s(.warningKept, warning)) }
        return words
    }

    /// Where a draft of this kind is kept: one per reply, per person, and one new post.
    static func place(of kind: Kind) -> String {
        switch kind {
        case .new: "new"
        case .edit(let status, _): "edit:" + status.id
        case .reply(let status, _): "reply:" + status.id
        case .replyToAuthor(let status): "reply-author:" + status.id
        case .mention(let account): "mention:" + account.id
        case .direct(let account): "direct:" + account.id
        }
    }

    private static func title(_ kind: Kind, app: AppCore) -> String {
        let s = app.strings
        switch kind {
        case .new: return s(.composeTitle)
        case .edit: return s(.editTitle)
        case .reply(let status, let conversation):
            guard isDirect(kind) else { return s(.replyTitle, status.account.spokenName(options: app.textOptions)) }
            let names = ReplyAddressees(status, conversation: conversation, me: app.me, options: app.textOptions).people.map(\.name)
            // Only yourself (a note to self): the post's author, which is you, is named.
            let said = names.isEmpty ? [status.account.spokenName(options: app.textOptions)] : names
            return s(.directReplyTitle, SpokenList.names(said, in: s.language))
        case .replyToAuthor(let status): return s(.replyTitle, status.account.spokenName(options: app.textOptions))
        case .mention(let account): return s(.mentionTitle, account.spokenName(options: app.textOptions))
        case .direct(let account): return s(.directTitle, account.spokenName(options: app.textOptions))
        }
    }

    /// A reply mentions its author and everyone the post mentioned (and, from a conversation,
    /// everyone in it), except you.
    private static func prefill(_ kind: Kind, me: Account?) -> String {
        switch kind {
        case .new: return ""
        case .edit(_, let source): return source.text
        case .mention(let account), .direct(let account): return "@\(account.acct) "
        case .replyToAuthor(let status):
            let acct = Sanitizer.clean(status.account.acct, for: .line)
            return status.account.id == me?.id || acct.isEmpty || acct.contains(where: \.isWhitespace) ? "" : "@\(acct) "
        case .reply(let status, let conversation):
            return ReplyAddressees(status, conversation: conversation, me: me, options: SpeakableTextOptions()).prefill
        }
    }

    /// A reply that must stay direct: to a direct post, or from a conversation (whose last post
    /// may come without its visibility). Nothing wider is ever chosen for it.
    private static func isDirect(_ kind: Kind) -> Bool {
        guard case .reply(let status, let conversation) = kind else { return false }
        return conversation != nil || status.visibility.known == .direct
    }

    // MARK: Opening (only through `AppCore.open`; `Route.compose` needs no loading)

    /// `Route.edit`: what the user typed for the post (its source) is fetched first, so the
    /// field holds their words, not the server's HTML read aloud.
    static func openEdit(of post: Status, app: AppCore) -> ScreenOutcome {
        let id = post.id
        return ScreenOutcome(
            app.perform(
                app.strings(.loadingSource), { engine in try await engine.source(of: id) },
                then: { (source: StatusSource) in app.push(ComposeScreen(app: app, kind: .edit(post, source))) }))
    }

    /// `Route.directMessage`: opens a direct message only to someone who follows you
    /// (iLoowi's rule): the check is made first, so the user is not left writing a message
    /// that cannot be sent.
    static func openDirectMessage(to account: Account, app: AppCore) -> ScreenOutcome {
        let s = app.strings
        if account.id == app.me?.id { return ScreenOutcome([.earcon(.softError), .say(s(.dmToYourself))]) }
        // dm_followers_only off: no check, as the engine makes none either.
        guard app.config.dmFollowersOnly else { return app.push(ComposeScreen(app: app, kind: .direct(account))) }
        let id = account.id
        let checking = app.perform(
            s(.checkingDM, account.spokenName(options: app.textOptions)),
            { engine in try await engine.relationships(with: [id]).first },
            then: { relationship in
                guard relationship?.followedBy == true else {
                    return ScreenOutcome(app.spoken(.directMessageNotAllowed(handle: account.acct)))
                }
                return app.push(ComposeScreen(app: app, kind: .direct(account)))
            })
        return ScreenOutcome(checking)
    }

    // MARK: Events

    /// Keeps the text as a draft; when the file refuses it, says why once, in the user's
    /// words, until a save succeeds again.
    private func saveDraft() -> [Feedback] {
        guard let error = app.drafts.save(field.text, for: Self.place(of: kind), choices: choices) else {
            draftSaveFailing = false
            return []
        }
        guard !draftSaveFailing else { return [] }
        draftSaveFailing = true
        let reason = (error as? AtomicFile.WriteError)?.reason.spoken(in: app.strings.language) ?? String(describing: error)
        return [.earcon(.error), .speak(s(.draftNotSaved, reason), .important)]
    }

    private func handle(_ event: ControlEvent, _ context: ControlContext) -> ScreenOutcome {
        switch (event.control(as: ControlID.self), event.kind) {
        case (.text?, .changed):
            askedAboutNamesOnly = false
            textCompleter.changed(field, now: context.now)
            followCompleterTicks()
            return ScreenOutcome(saveDraft() + updateRemaining())
        case (.warning?, .changed), (.visibility?, .selected), (.language?, .selected), (.pollChoices?, .changed), (.pollLength?, .selected),
            (.pollKind?, .selected), (.attachments?, .changed), (.sensitive?, .selected):
            askedAboutNamesOnly = false
            return ScreenOutcome(saveDraft())
        case (.send?, .activated):
            return ScreenOutcome(send())
        default:
            return .none
        }
    }

    /// Down and Up: in the attachments field, the next or previous matching file; in the text
    /// after "@", "#" or ":", the next or previous suggestion; anywhere else they move the
    /// focus, as on every screen without a list.
    private func complete(forward: Bool, now: ContinuousClock.Instant) -> [Feedback] {
        if screen.focus.focused === field, let said = textCompleter.step(forward: forward, in: field) { return said }
        guard let attachments, screen.focus.focused === attachments.field else { return screen.focus.moveFocus(forward: forward, now: now) }
        return completer.step(forward: forward, in: attachments.field, strings: s)
    }

    /// While suggestions are gone through in the text, Enter and Tab write the one heard and
    /// Escape closes them; otherwise the keys do what they always do.
    private func suggestionKey(_ key: Key) -> ScreenOutcome? {
        guard textCompleter.isOffering, screen.focus.focused === field, key.modifiers.isEmpty else { return nil }
        switch key.code {
        case .enter, .tab: return textCompleter.accept(in: field).map { ScreenOutcome($0) }
        case .escape: return ScreenOutcome(textCompleter.dismiss())
        default: return nil
        }
    }

    /// The screen ticks only while a suggestion request waits for typing to pause: an idle
    /// compose screen wakes nothing.
    private func followCompleterTicks() {
        guard textCompleter.needsTicks else {
            screen.onTick = nil
            return
        }
        screen.onTick = { [weak self] context in
            guard let self else { return .none }
            self.textCompleter.tick(now: context.now)
            self.followCompleterTicks()
            return .none
        }
    }

    /// Characters left by the server's rule; the limit earcon plays once on crossing it.
    @discardableResult
    private func updateRemaining() -> [Feedback] {
        let left = app.limits.maxCharacters - PostLength.count(text: field.text, limits: app.limits)
        remaining.setText(left >= 0 ? s(.charactersLeft, String(left)) : s(.charactersOver, String(-left)))
        let over = left < 0
        defer { wasOverLimit = over }
        return over && !wasOverLimit ? [.earcon(.limitReached), .speak(s(.charactersOver, String(-left)), .announcement)] : []
    }

    private func send() -> [Feedback] {
        let text = field.text
        guard !text.allSatisfy(\.isWhitespace) else { return [.earcon(.softError), .say(s(.nothingToSend))] }
        // A reply (or a mention) with only the names filled in is most likely sent by
        // mistake: ask once.
        // An edit starts from the whole post: that is not "only the names".
        let names = kind.edited == nil ? Self.prefill(kind, me: app.me).trimmingWhitespace : ""
        if !names.isEmpty, text.trimmingWhitespace == names, !askedAboutNamesOnly {
            askedAboutNamesOnly = true
            return [.earcon(.softError), .say(s(.onlyNamesAsk))]
        }
        let over = PostLength.count(text: text, limits: app.limits) - app.limits.maxCharacters
        guard over <= 0 else { return [.earcon(.limitReached), .say(s(.tooLongToSend, String(over)))] }
        if case .edit(let status, _) = kind { return sendEdit(of: status, text: text) }
        // Direct with no one named reaches no one: the server would keep it for the author alone.
        if Self.isDirect(kind) || kind.isDirectMessage || choices.visibility == .direct, !Self.mentionsSomeone(text) {
            return [.earcon(.softError), .say(s(.directNeedsMention))]
        }
        if let problem = choices.poll?.problem { return [.earcon(.softError), .say(PollChoice.problem(problem, s))] }
        let written = attachments?.field.text.trimmingWhitespace ?? ""
        if !written.isEmpty, choices.poll != nil { return [.earcon(.softError), .say(s(.attachOrPoll))] }
        if !written.isEmpty, uploaded?.written != String(written) { return upload(String(written)) }
        let mediaIDs = written.isEmpty ? nil : uploaded?.ids
        let place = Self.place(of: kind)
        let earlier = app.drafts.draft(for: place)?.attempt
        let chosen = choices
        var wanted = Draft(text: text)
        wanted.contentWarning = chosen.contentWarning
        wanted.visibility = chosen.visibility
        wanted.language = chosen.language
        wanted.poll = chosen.poll
        wanted.mediaIDs = mediaIDs
        wanted.sensitive = mediaIDs == nil ? nil : chosen.sensitive
        let same = { (attempt: Draft) in
            attempt.text == text && attempt.contentWarning == wanted.contentWarning && attempt.language == wanted.language
                && attempt.poll == wanted.poll && attempt.mediaIDs == wanted.mediaIDs && attempt.sensitive == wanted.sensitive
                && (attempt.visibility == wanted.visibility || wanted.visibility == nil)
        }
        // Edited since a failed attempt: that version must not go out later as well.
        if let earlier, !same(earlier) { app.withdrawFromOutbox(earlier.idempotencyKey) }
        // A retry of the same post keeps the first attempt's idempotency key: never posted twice.
        var draft = earlier.flatMap { same($0) ? $0 : nil } ?? wanted
        var parent: Status? = nil
        if let status = kind.parent {
            draft.inReplyToID = status.id
            parent = status
        }
        // Set on the draft itself, so the outbox and a retry from the command line keep it.
        if Self.isDirect(kind) { draft.visibility = .direct }
        app.drafts.save(text, for: place, attempt: draft, choices: chosen)
        let s = self.s
        let final = draft
        let outbox = app.outbox
        var recipient: Account? = nil
        let waiting: String
        let done: String
        if case .direct(let account) = kind {
            recipient = account
            waiting = s(.sendingMessage)
            done = s(.messageSent, account.spokenName(options: app.textOptions))
        } else {
            waiting = s(.sending)
            done = s(.postSent)
        }
        let accountDefault = app.engine.knownPreferences?.defaultVisibility.known
        let to = recipient
        let answering = parent
        return app.perform(
            waiting,
            { engine in
                do throws(OutboxFailure) {
                    return .success(try await engine.publish(final, to: to, replyingTo: answering, through: outbox, sendsByItself: true))
                } catch {
                    return .failure(error)
                }
            },
            then: { [weak self] (result: Result<DeliveryResult, OutboxFailure>) in
                guard let self else { return .none }
                switch result {
                case .success(let delivered):
                    self.sent = true
                    self.app.drafts.remove(place)
                    self.app.drafts.removeSent(idempotencyKey: final.idempotencyKey)
                    let said =
                        delivered != .published(delivered.status) ? s(.alreadyPublished)
                        : to != nil ? done : Self.sentSentence(delivered.status.visibility.known, accountDefault: accountDefault, s)
                    return ScreenOutcome([.earcon(.postSent), .speak(said, .important)], .pop)
                case .failure(let failure):
                    // Refused before anything went out: the draft keeps the words, and the
                    // outbox must not try it again on its own or later from the command line.
                    if let item = failure.item, item.refusal != nil, !failure.mayBeOut { try? outbox.remove(id: item.id) }
                    return ScreenOutcome(self.app.spoken(failure))
                }
            })
    }

    /// "Post sent." when it went out as the account's default; otherwise the confirmation
    /// names who can see it, as the server says it was posted ("Sent, followers only.").
    static func sentSentence(_ visibility: Visibility?, accountDefault: Visibility?, _ s: AppStrings) -> String {
        guard let visibility, visibility != accountDefault else { return s(.postSent) }
        switch visibility {
        case .public: return s(.sentPublic)
        case .unlisted: return s(.sentUnlisted)
        case .private: return s(.sentFollowers)
        case .direct: return s(.sentDirect)
        }
    }

    /// Whether the text names someone: "@" opening a word, then a letter, digit or "_".
    static func mentionsSomeone(_ text: String) -> Bool {
        var previous: Character = " "
        var atWordStart = false
        for c in text {
            if atWordStart, c.isLetter || c.isNumber || c == "_" { return true }
            atWordStart = c == "@" && !(previous.isLetter || previous.isNumber || previous == "_")
            previous = c
        }
        return false
    }

    /// An edit goes straight to the server (editing twice is harmless, so no outbox); the
    /// buffers then hold the post as edited.
    private func sendEdit(of status: Status, text: String) -> [Feedback] {
        var draft = Draft(text: text)
        draft.contentWarning = choices.contentWarning
        draft.language = choices.language
        // The edit form always says whether the media are sensitive: media marked so stay so.
        draft.sensitive = status.sensitive && !status.mediaAttachments.isEmpty ? true : nil
        let (id, place, s, final) = (status.id, Self.place(of: kind), self.s, draft)
        app.drafts.save(text, for: place, choices: choices)
        return app.perform(
            s(.savingEdit), { engine in try await engine.edit(id, to: final) },
            then: { [weak self] (edited: Status) in
                guard let self else { return .none }
                self.sent = true
                self.app.drafts.remove(place)
                self.app.replaceEverywhere(edited)
                // Back to the buffer, on the post as it now reads (the post view held the old one).
                self.app.closeScreensOnTop()
                return ScreenOutcome([.earcon(.postSent), .speak(s(.postEditedByYou), .important)] + self.app.navigator.announceCurrent(now: self.app.now()))
            })
    }

    /// Reads and uploads the attachments (nothing is sent if one cannot be), then sends.
    private func upload(_ written: String) -> [Feedback] {
        guard let attachments else { return [] }
        let files: [(MediaFile, String?)]
        switch attachments.files(strings: s, descriptionRequired: app.config.altTextRequired) {
        case .success(let ready): files = ready
        case .failure(let refusal): return [.earcon(.softError), .say(refusal.sentence)]
        }
        let names = files.map { Sanitizer.clean($0.0.name, for: .line) }.joined(separator: ", ")
        return app.perform(
            s(.uploading, names),
            { engine in
                var ids: [String] = []
                // All checked against the server's limits before the first is sent.
                for (file, _) in files { try await engine.checkSize(of: file) }
                for (file, description) in files { ids.append(try await engine.upload(file, description: description).id) }
                return ids
            },
            then: { [weak self] (ids: [String]) in
                guard let self else { return .none }
                self.uploaded = (written, ids)
                return ScreenOutcome(self.send())
            })
    }

    /// What is chosen beside the text, as the draft keeps it and the post is sent.
    private var choices: DraftChoices {
        let typed = warning.text.trimmingWhitespace
        return DraftChoices(
            contentWarning: typed.isEmpty ? nil : warning.text, visibility: visibility?.chosen, language: language.chosen, poll: poll?.draft,
            attachments: attachments.map(\.field.text).flatMap { $0.isEmpty ? nil : $0 }, sensitive: attachments?.marked)
    }

    /// Cancel or Escape: the text stays as a draft and comes back next time.
    private func leave() -> [Feedback] {
        guard !sent else { return [] }
        let warningTyped = !warning.text.allSatisfy(\.isWhitespace) && warning.text != (kind.parent?.spoilerText ?? "") || poll?.draft != nil
            || !(attachments?.written.isEmpty ?? true)
        guard warningTyped || (!field.text.allSatisfy(\.isWhitespace) && field.text != Self.prefill(kind, me: app.me)) else {
            app.drafts.remove(Self.place(of: kind))
            return [.speak(s(.composeCancelled), .important)]
        }
        return [.speak(s(.keptAsDraft), .important)]
    }
}

extension ComposeScreen.Kind {
    /// The post being edited and what its author typed.
    var edited: Status? {
        if case .edit(let status, _) = self { return status }
        return nil
    }

    var editedSource: StatusSource? {
        if case .edit(_, let source) = self { return source }
        return nil
    }

    var isDirectMessage: Bool {
        if case .direct = self { return true }
        return false
    }

    /// The post a reply answers.
    var parent: Status? {
        switch self {
        case .reply(let status, _), .replyToAuthor(let status): status
        case .new, .mention, .direct, .edit: nil
        }
    }
}
