extension DoctorText {
    static let catalan: [DoctorText: String] = [
        .line: "{0}: {1}",
        .problemLine: "{0}, problema: {1} Per arreglar-ho: {2}",
        .allWell: "Tot va bé: res no necessita la teva atenció.",
        .oneNeedsYou: "Una cosa necessita la teva atenció; a dalt hi ha com arreglar-la.",
        .someNeedYou: "{0} coses necessiten la teva atenció; a dalt hi ha com arreglar cadascuna.",

        .subjectSpeech: "eSpeak NG",
        .subjectSound: "So",
        .subjectDispatcher: "speech-dispatcher",
        .subjectReadline: "Edició de línies",
        .subjectSettings: "Configuració",
        .subjectPermissions: "Permisos dels fitxers",
        .subjectCertificates: "Certificats",
        .subjectAccounts: "Comptes",
        .subjectAccount: "Compte {0}",
        .subjectEnvironmentAccount: "El compte de LOOWI_INSTANCE i LOOWI_TOKEN, {0}",
        .subjectLive: "Novetats en directe de {0}",
        .subjectRequests: "Peticions a {0}",
        .subjectOutbox: "Safata de sortida de {0}",
        .subjectDrafts: "Esborranys de {0}",

        .speechWorks: "funciona, amb la veu {0} per a {1}.",
        .speechMissing: "no es pot obrir la biblioteca ({0}), així que loowi no pot parlar.",
        .speechMissingFix: "instal·la-la: sudo apt install libespeak-ng1 espeak-ng-data",
        .speechDataMissing: "no es poden llegir les seves dades de veu ({0}).",
        .speechDataFix:
            "instal·la espeak-ng-data (sudo apt install espeak-ng-data), o indica a ESPEAK_DATA_PATH la carpeta que conté espeak-ng-data.",
        .speechNoVoiceNamed: "no té cap veu anomenada {0}, la veu de la teva configuració.",
        .speechNoVoiceForLanguage: "no té cap veu per a {0}.",
        .speechVoiceFix: "instal·la espeak-ng-data, o tria una veu que tingui: loowi voices les llista i loowi config set voice NOM en tria una.",

        .soundPulse: "PulseAudio reprodueix a {0}.",
        .soundNull: "PulseAudio reprodueix a {0}, una sortida nul·la: res del que hi sona no se sent.",
        .soundNullFix: "tria una sortida real a la configuració del so, o amb pactl set-default-sink NOM (pactl list short sinks les llista).",
        .soundALSA: "no respon cap servidor PulseAudio ({0}), així que loowi reprodueix amb ALSA.",
        .soundChosenPCAudio: "loowi reprodueix amb pcaudiolib, com demana LOOWI_AUDIO.",
        .soundNone: "no s'obre cap dispositiu de so ({0}).",
        .soundNoneFix:
            "inicia el teu servidor de so (systemctl --user start pipewire-pulse, o pulseaudio --start), o comprova la teva targeta de so amb aplay -l. Mentrestant, loowi --line escriu el que diria, per a una línia braille.",

        .dispatcherAnswers: "respon; loowi parla a través seu, com demana speech_backend.",
        .dispatcherSilent: "no respon, així que loowi parla amb el seu propi eSpeak NG.",
        .dispatcherFix:
            "inicia'l (systemctl --user start speech-dispatcher, o speech-dispatcher -d), instal·la'l (sudo apt install speech-dispatcher), o torna a eSpeak NG: loowi config set speech_backend espeak",

        .subjectData: "Dades de loowi",
        .dataFound: "són a {0}: les llistes de paraules de les etiquetes i la demostració.",
        .dataMissing: "no es troben, així que les etiquetes es llegeixen tal com estan escrites i la demostració no pot començar.",
        .dataDamaged: "falten o estan malmeses: {0}.",
        .dataFix: "reinstal·la loowi, o fes servir el loowi compilat a la seva carpeta de codi font.",
        .readlineWorks: "readline hi és, per editar el que escrius.",
        .readlineMissing: "{0}, així que no es pot escriure als camps de text de loowi.",
        .readlineFix: "instal·la-la: sudo apt install libreadline8",
        .subjectSpelling: "Ortografia",
        .spellingWorks: "Hunspell i el seu diccionari {0} funcionen, per a F6 a la pantalla d'escriptura.",
        .spellingWithoutHunspell: "Hunspell no està instal·lat, així que F6 a la pantalla d'escriptura no pot revisar l'ortografia. Per tenir-lo: sudo apt install {0}",
        .spellingWithoutDictionary: "no hi ha diccionari {0}, així que F6 a la pantalla d'escriptura no pot revisar l'ortografia. Per tenir-lo: sudo apt install {1}",

        .settingsMissing: "encara no hi ha config.toml ({0}), així que s'usen els valors per defecte.",
        .settingsRead: "{0} es llegeix sense problemes.",
        .settingsError: "{0}",
        .settingsFix: "corregeix aquesta línia a {0}, o treu l'ajust amb loowi config unset NOM perquè torni al valor per defecte.",

        .permissionsFine: "els fitxers i carpetes de loowi són teus, i només tu pots llegir els teus comptes, esborranys i safata de sortida.",
        .permissionsReadable: "altres persones poden llegir {0} (mode {1}).",
        .permissionsWritable: "altres persones poden canviar {0} (mode {1}).",
        .permissionsOwner: "{0} pertany a un altre usuari.",
        .permissionsChmod: "executa: chmod {0} {1}",
        .permissionsChown: "fes-lo teu: sudo chown {0} {1}",

        .certificatesSystem: "es confia en les autoritats de certificació del sistema, i en cap altra (ca_file no hi és).",
        .certificatesFile: "es confia en {0} a més de les autoritats de certificació del sistema.",
        .certificatesProblem: "{0}",
        .certificatesNotPEM: "{0} no conté cap certificat PEM (cap línia -----BEGIN CERTIFICATE-----).",
        .certificatesFix:
            "indica el fitxer PEM de l'autoritat de certificació del teu servidor: loowi config set ca_file /camí/a/ca.pem, o deixa d'usar-lo: loowi config unset ca_file",

        .accountsNone: "encara no n'hi ha cap de desat.",
        .accountsNoneFix:
            "inicia la sessió amb loowi login i el nom del teu servidor, com loowi login mastodon.social; o escolta primer loowi amb loowi demo.",
        .accountWorks: "el seu token funciona; el servidor et coneix com a {0}.",
        .accountRefused: "el servidor ja no accepta el seu token: es va revocar o ha caducat.",
        .accountLogIn: "torna a iniciar la sessió: loowi login {0}",
        .accountTimedOut: "el servidor no va respondre en {0} segons.",
        .accountTimedOutFix: "comprova la connexió a internet i l'adreça del servidor, i torna a executar loowi doctor.",

        .liveStreams: "el servidor les envia tan bon punt passen (esdeveniments enviats pel servidor).",

        .liveWebSocket: "el servidor les envia tan bon punt passen (WebSocket).",
        .liveNone: "el servidor no té streaming, així que loowi demana novetats cada {0} segons (poll_seconds).",
        .liveFailed: "l'streaming no s'obre ({0}), així que loowi demana novetats cada {1} segons.",

        .requestsLeft: "en queden {0} de {1} {2}.",
        .requestsLeftNoReset: "en queden {0} de {1}.",
        .requestsUnknown: "el servidor no diu quantes en queden.",
        .requestsNone: "no en queda cap {0}; fins aleshores loowi espera abans de cada petició.",
        .requestsWait: "espera {0}, i executa menys ordres seguides.",

        .outboxEmpty: "no hi espera cap publicació.",
        .outboxOne: "una publicació espera el servidor; loowi outbox send l'envia.",
        .outboxMany: "{0} publicacions esperen el servidor; loowi outbox send les envia.",
        .draftsNone: "no se'n desa cap.",
        .draftsOne: "es desa un esborrany; loowi te l'ofereix quan tornes a escriure.",
        .draftsMany: "es desen {0} esborranys; loowi te'ls ofereix quan tornes a escriure.",
        .fileMovedAside: "no s'ha pogut llegir el fitxer; loowi l'ha apartat com a {0}.",
        .fileRecovered: "no s'han pogut llegir {0} de les seves entrades; loowi ha desat el fitxer tal com era a {1}.",
        .fileKeptFix: "el que no s'ha pogut llegir és a {0}; copia'n el que necessitis i després esborra'l.",
        .fileUntouchable: "no es pot llegir ni escriure {0} ({1}).",
        .fileUntouchableFix: "comprova que {0} i la seva carpeta existeixen i són teus.",
    ]
}
