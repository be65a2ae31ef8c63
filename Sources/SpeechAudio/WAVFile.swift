import FoundationEssentials

/// Reading and writing the RIFF/WAVE files of the audio path (PCM, 16-bit).
public enum WAVFile {
    public struct Contents: Sendable, Equatable {
        public var sampleRate: Int
        public var channels: Int
        /// Interleaved samples.
        public var samples: [Int16]
    }

    public enum ReadError: Error, CustomStringConvertible, Equatable {
        case notWAV(String)
        case compressed(String)
        case sampleBits(String, Int)

        public var description: String { SoundPackProblem.file(self).description }
    }

    public static func header(sampleRate: Int, channels: Int, dataBytes: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44)
        func append(_ text: String) { bytes += Array(text.utf8) }
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { bytes += $0 } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(truncatingIfNeeded: value).littleEndian) { bytes += $0 } }
        append("RIFF"); append32(36 + dataBytes); append("WAVE")
        append("fmt "); append32(16); append16(1); append16(channels); append32(sampleRate)
        append32(sampleRate * channels * 2); append16(channels * 2); append16(16)
        append("data"); append32(dataBytes)
        return bytes
    }

    public static func encode(_ samples: [Int16], sampleRate: Int = AudioFormat.sampleRate) -> Data {
        var data = Data(header(sampleRate: sampleRate, channels: 1, dataBytes: samples.count * 2))
        samples.withUnsafeBufferPointer { buffer in
            for sample in buffer { withUnsafeBytes(of: sample.littleEndian) { data.append(contentsOf: $0) } }
        }
        return data
    }

    public static func read(_ url: URL) throws -> Contents {
        let data = try Data(contentsOf: url)
        return try decode(data, name: url.path)
    }

    public static func decode(_ data: Data, name: String) throws -> Contents {
        let bytes = [UInt8](data)
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func tag(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        guard bytes.count >= 12, tag(0) == "RIFF", tag(8) == "WAVE" else { throw ReadError.notWAV(name) }
        var offset = 12
        var format: (rate: Int, channels: Int)?
        while offset + 8 <= bytes.count {
            let id = tag(offset)
            let size = u32(offset + 4)
            let body = offset + 8
            guard body + min(size, bytes.count - body) <= bytes.count else { break }
            if id == "fmt " {
                guard size >= 16 else { throw ReadError.notWAV(name) }
                let code = u16(body)
                let bits = u16(body + 14)
                // 0xFFFE is WAVE_FORMAT_EXTENSIBLE, which sox writes for some files.
                guard code == 1 || code == 0xFFFE else { throw ReadError.compressed(name) }
                guard bits == 16 else { throw ReadError.sampleBits(name, bits) }
                format = (u32(body + 4), u16(body + 2))
            } else if id == "data" {
                guard let format, format.channels > 0 else { throw ReadError.notWAV(name) }
                let end = min(body + size, bytes.count)
                var samples = [Int16](repeating: 0, count: (end - body) / 2)
                for index in samples.indices {
                    samples[index] = Int16(bitPattern: UInt16(bytes[body + 2 * index]) | UInt16(bytes[body + 2 * index + 1]) << 8)
                }
                return Contents(sampleRate: format.rate, channels: format.channels, samples: samples)
            }
            offset = body + size + (size & 1)
        }
        throw ReadError.notWAV(name)
    }
}

extension WAVFile.Contents {
    /// The same sound as mono at `AudioFormat.sampleRate`: channels averaged, rate converted
    /// linearly (enough for short earcons from a user's sound pack).
    public func convertedForMixer() -> [Int16] {
        var mono = samples
        if channels > 1 {
            mono = stride(from: 0, to: samples.count - channels + 1, by: channels).map { start in
                var sum = 0
                for channel in 0..<channels { sum += Int(samples[start + channel]) }
                return Int16(sum / channels)
            }
        }
        guard sampleRate != AudioFormat.sampleRate, sampleRate > 0, !mono.isEmpty else { return mono }
        let ratio = Double(sampleRate) / Double(AudioFormat.sampleRate)
        let count = Int(Double(mono.count) / ratio)
        return (0..<count).map { index in
            let position = Double(index) * ratio
            let left = Int(position)
            let right = min(left + 1, mono.count - 1)
            let fraction = position - Double(left)
            return Int16((Double(mono[left]) * (1 - fraction) + Double(mono[right]) * fraction).rounded())
        }
    }
}
