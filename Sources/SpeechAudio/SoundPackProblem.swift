import Localization

/// What could not be used from a sound pack, as facts: said in the user's language when the
/// pack is chosen (`spoken(in:)`), printed in English on a command's standard error.
public enum SoundPackProblem: Sendable, Equatable, CustomStringConvertible {
    case folderMissing(String)
    case file(WAVFile.ReadError)
    /// The file is there but could not be read (permissions, a folder by that name).
    case unreadable(String)

    public var description: String { spoken(in: .britishEnglish) }

    public func spoken(in language: Language) -> String {
        let say = Catalogue<SoundText>(language)
        switch self {
        case .folderMissing(let path): return say(.packFolderMissing, path)
        case .unreadable(let path): return say(.packFileUnreadable, path)
        case .file(.notWAV(let path)): return say(.packFileNotWAV, path)
        case .file(.compressed(let path)): return say(.packFileCompressed, path)
        case .file(.sampleBits(let path, let bits)): return say(.packFileSampleBits, path, String(bits))
        }
    }
}

/// The words of the speech and sound module: only what a sound pack can get wrong.
public enum SoundText: String, TranslatedText, CaseIterable {
    case packFolderMissing, packFileUnreadable, packFileNotWAV, packFileCompressed, packFileSampleBits

    public static let tables: [Language: [SoundText: String]] = [
        .britishEnglish: [
            .packFolderMissing: "The sound pack folder {0} does not exist; using the built-in sounds.",
            .packFileUnreadable: "{0} cannot be read; its built-in sound is used.",
            .packFileNotWAV: "{0} is not a WAV file.",
            .packFileCompressed: "{0} cannot be used: it is compressed. Use 16-bit PCM WAV, for example sox in.wav -b 16 out.wav.",
            .packFileSampleBits: "{0} cannot be used: it has {1}-bit samples. Use 16-bit PCM WAV, for example sox in.wav -b 16 out.wav.",
        ],
        .spanish: [
            .packFolderMissing: "La carpeta del paquete de sonidos {0} no existe; se usan los sonidos de loowi.",
            .packFileUnreadable: "{0} no se puede leer; se usa el sonido de loowi.",
            .packFileNotWAV: "{0} no es un archivo WAV.",
            .packFileCompressed: "{0} no se puede usar: está comprimido. Usa WAV PCM de 16 bits, por ejemplo sox in.wav -b 16 out.wav.",
            .packFileSampleBits: "{0} no se puede usar: sus muestras son de {1} bits. Usa WAV PCM de 16 bits, por ejemplo sox in.wav -b 16 out.wav.",
        ],
        .catalan: [
            .packFolderMissing: "La carpeta del paquet de sons {0} no existeix; es fan servir els sons de loowi.",
            .packFileUnreadable: "{0} no es pot llegir; es fa servir el so de loowi.",
            .packFileNotWAV: "{0} no és un fitxer WAV.",
            .packFileCompressed: "{0} no es pot fer servir: està comprimit. Fes servir WAV PCM de 16 bits, per exemple sox in.wav -b 16 out.wav.",
            .packFileSampleBits: "{0} no es pot fer servir: les seves mostres són de {1} bits. Fes servir WAV PCM de 16 bits, per exemple sox in.wav -b 16 out.wav.",
        ],
    ]
}
