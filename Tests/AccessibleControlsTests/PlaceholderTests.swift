import Testing
@testable import AccessibleControls

@Suite struct RecordingSpeechTests {
    @Test func recordsATranscript() async {
        let speech = RecordingSpeech()
        await speech.play(.focus)
        await speech.speak("Reply, button", priority: .interrupt)
        await speech.speak("New post", priority: .announcement)
        #expect(speech.transcript == ["sound: focus", "say: Reply, button", "say (queued): New post"])
    }
}
