extension DoctorText {
    static let spanish: [DoctorText: String] = [
        .line: "{0}: {1}",
        .problemLine: "{0}, problema: {1} Para arreglarlo: {2}",
        .allWell: "Todo está bien: nada necesita tu atención.",
        .oneNeedsYou: "Una cosa necesita tu atención; arriba está cómo arreglarla.",
        .someNeedYou: "{0} cosas necesitan tu atención; arriba está cómo arreglar cada una.",

        .subjectSpeech: "eSpeak NG",
        .subjectSound: "Sonido",
        .subjectDispatcher: "speech-dispatcher",
        .subjectReadline: "Edición de líneas",
        .subjectSettings: "Configuración",
        .subjectPermissions: "Permisos de los archivos",
        .subjectCertificates: "Certificados",
        .subjectAccounts: "Cuentas",
        .subjectAccount: "Cuenta {0}",
        .subjectEnvironmentAccount: "La cuenta de LOOWI_INSTANCE y LOOWI_TOKEN, {0}",
        .subjectLive: "Novedades en directo de {0}",
        .subjectRequests: "Peticiones a {0}",
        .subjectOutbox: "Bandeja de salida de {0}",
        .subjectDrafts: "Borradores de {0}",

        .speechWorks: "funciona, con la voz {0} para {1}.",
        .speechMissing: "no se puede abrir la biblioteca ({0}), así que loowi no puede hablar.",
        .speechMissingFix: "instálala: sudo apt install libespeak-ng1 espeak-ng-data",
        .speechDataMissing: "no se pueden leer sus datos de voz ({0}).",
        .speechDataFix:
            "instala espeak-ng-data (sudo apt install espeak-ng-data), o indica en ESPEAK_DATA_PATH la carpeta que contiene espeak-ng-data.",
        .speechNoVoiceNamed: "no tiene ninguna voz llamada {0}, la voz de tu configuración.",
        .speechNoVoiceForLanguage: "no tiene ninguna voz para {0}.",
        .speechVoiceFix: "instala espeak-ng-data, o elige una voz que tenga: loowi voices las lista y loowi config set voice NOMBRE elige una.",

        .soundPulse: "PulseAudio reproduce en {0}.",
        .soundNull: "PulseAudio reproduce en {0}, una salida nula: nada de lo que suena ahí se oye.",
        .soundNullFix: "elige una salida real en la configuración de sonido, o con pactl set-default-sink NOMBRE (pactl list short sinks las lista).",
        .soundALSA: "no responde ningún servidor PulseAudio ({0}), así que loowi reproduce con ALSA.",
        .soundChosenPCAudio: "loowi reproduce con pcaudiolib, como pide LOOWI_AUDIO.",
        .soundNone: "no se abre ningún dispositivo de sonido ({0}).",
        .soundNoneFix:
            "inicia tu servidor de sonido (systemctl --user start pipewire-pulse, o pulseaudio --start), o comprueba tu tarjeta de sonido con aplay -l. Mientras tanto, loowi --line escribe lo que diría, para una línea braille.",

        .dispatcherAnswers: "responde; loowi habla a través de él, como pide speech_backend.",
        .dispatcherSilent: "no responde, así que loowi habla con su propio eSpeak NG.",
        .dispatcherFix:
            "inícialo (systemctl --user start speech-dispatcher, o speech-dispatcher -d), instálalo (sudo apt install speech-dispatcher), o vuelve a eSpeak NG: loowi config set speech_backend espeak",

        .subjectData: "Datos de loowi",
        .dataFound: "están en {0}: las listas de palabras de las etiquetas y la demostración.",
        .dataMissing: "no se encuentran, así que las etiquetas se leen tal como están escritas y la demostración no puede empezar.",
        .dataDamaged: "faltan o están dañados: {0}.",
        .dataFix: "reinstala loowi, o usa el loowi compilado en su carpeta de código fuente.",
        .readlineWorks: "readline está instalada, para editar lo que escribes.",
        .readlineMissing: "{0}, así que no se puede escribir en los campos de texto de loowi.",
        .readlineFix: "instálala: sudo apt install libreadline8",
        .subjectSpelling: "Ortografía",
        .spellingWorks: "Hunspell y su diccionario {0} funcionan, para F6 en la pantalla de escritura.",
        .spellingWithoutHunspell: "Hunspell no está instalado, así que F6 en la pantalla de escritura no puede revisar la ortografía. Para tenerlo: sudo apt install {0}",
        .spellingWithoutDictionary: "no hay diccionario {0}, así que F6 en la pantalla de escritura no puede revisar la ortografía. Para tenerlo: sudo apt install {1}",

        .settingsMissing: "todavía no hay config.toml ({0}), así que se usan los valores predeterminados.",
        .settingsRead: "{0} se lee sin problemas.",
        .settingsError: "{0}",
        .settingsFix: "corrige esa línea en {0}, o quita el ajuste con loowi config unset NOMBRE para volver a su valor predeterminado.",

        .permissionsFine: "los archivos y carpetas de loowi son tuyos, y solo tú puedes leer tus cuentas, borradores y bandeja de salida.",
        .permissionsReadable: "otras personas pueden leer {0} (modo {1}).",
        .permissionsWritable: "otras personas pueden cambiar {0} (modo {1}).",
        .permissionsOwner: "{0} pertenece a otro usuario.",
        .permissionsChmod: "ejecuta: chmod {0} {1}",
        .permissionsChown: "hazlo tuyo: sudo chown {0} {1}",

        .certificatesSystem: "se confía en las autoridades de certificación del sistema, y en ninguna otra (ca_file no está puesto).",
        .certificatesFile: "se confía en {0} además de en las autoridades de certificación del sistema.",
        .certificatesProblem: "{0}",
        .certificatesNotPEM: "{0} no contiene ningún certificado PEM (ninguna línea -----BEGIN CERTIFICATE-----).",
        .certificatesFix:
            "indica el archivo PEM de la autoridad de certificación de tu servidor: loowi config set ca_file /ruta/a/ca.pem, o deja de usarlo: loowi config unset ca_file",

        .accountsNone: "todavía no hay ninguna guardada.",
        .accountsNoneFix:
            "inicia sesión con loowi login y el nombre de tu servidor, como loowi login mastodon.social; o escucha primero loowi con loowi demo.",
        .accountWorks: "su token funciona; el servidor te conoce como {0}.",
        .accountRefused: "el servidor ya no acepta su token: se revocó o ha caducado.",
        .accountLogIn: "vuelve a iniciar sesión: loowi login {0}",
        .accountTimedOut: "el servidor no respondió en {0} segundos.",
        .accountTimedOutFix: "comprueba tu conexión a internet y la dirección del servidor, y vuelve a ejecutar loowi doctor.",

        .liveStreams: "el servidor las envía en cuanto ocurren (eventos enviados por el servidor).",

        .liveWebSocket: "el servidor las envía en cuanto ocurren (WebSocket).",
        .liveNone: "el servidor no tiene streaming, así que loowi pregunta por novedades cada {0} segundos (poll_seconds).",
        .liveFailed: "el streaming no se abre ({0}), así que loowi pregunta por novedades cada {1} segundos.",

        .requestsLeft: "quedan {0} de {1} {2}.",
        .requestsLeftNoReset: "quedan {0} de {1}.",
        .requestsUnknown: "el servidor no dice cuántas quedan.",
        .requestsNone: "no queda ninguna {0}; hasta entonces loowi espera antes de cada petición.",
        .requestsWait: "espera {0}, y ejecuta menos órdenes seguidas.",

        .outboxEmpty: "no espera ninguna publicación.",
        .outboxOne: "una publicación espera al servidor; loowi outbox send la envía.",
        .outboxMany: "{0} publicaciones esperan al servidor; loowi outbox send las envía.",
        .draftsNone: "no se guarda ninguno.",
        .draftsOne: "se guarda un borrador; loowi te lo ofrece cuando vuelves a escribir.",
        .draftsMany: "se guardan {0} borradores; loowi te los ofrece cuando vuelves a escribir.",
        .fileMovedAside: "no se pudo leer el archivo; loowi lo apartó como {0}.",
        .fileRecovered: "no se pudieron leer {0} de sus entradas; loowi guardó el archivo tal como estaba en {1}.",
        .fileKeptFix: "lo que no se pudo leer está en {0}; copia lo que necesites y luego bórralo.",
        .fileUntouchable: "no se puede leer ni escribir {0} ({1}).",
        .fileUntouchableFix: "comprueba que {0} y su carpeta existen y son tuyos.",
    ]
}
