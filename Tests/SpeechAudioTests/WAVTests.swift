import Foundation
import Testing

@testable import SpeechAudio

@Suite("WAV files", .timeLimit(.minutes(5)))
struct WAVTests {
    @Test("speech written to a WAV file is valid for sox and decodes back")
    func validForSox() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: url) }
        let pipeline = try await SpeechPipeline(sink: try WAVFileSink(url: url))
        await pipeline.speak("Testing the WAV file.", priority: .announcement)
        await pipeline.play(.ready)
        await pipeline.finish()

        let info = try run("/usr/bin/sox", ["--i", url.path])
        #expect(info.status == 0, "sox --i failed: \(info.output)")
        #expect(info.output.contains("Sample Rate    : 22050"))
        #expect(info.output.contains("Channels       : 1"))
        #expect(info.output.contains("16-bit"))

        let contents = try WAVFile.read(url)
        #expect(contents.sampleRate == AudioFormat.sampleRate)
        #expect(PCM.seconds(contents.samples) > 0.8)
        #expect(PCM.rms(contents.samples) > 0.02)
    }

    @Test("a sound-pack file of another rate and channel count is converted")
    func conversion() throws {
        let stereo44k = WAVFile.Contents(sampleRate: 44_100, channels: 2, samples: [Int16](repeating: 1_000, count: 8_820))
        let converted = stereo44k.convertedForMixer()
        #expect(converted.count == 2_205)
        #expect(converted.allSatisfy { $0 == 1_000 })
    }

    @Test("something that is not a WAV file is refused with a clear reason")
    func notWAV() {
        #expect(throws: WAVFile.ReadError.notWAV("x.wav")) { try WAVFile.decode(Data("hello".utf8), name: "x.wav") }
    }

    private func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
