#!/usr/bin/env python3
"""Writes the demo's sample community for mastodon-mock, deterministically.

    python3 Demo/make_seed.py        # rewrites Demo/seed.toml and Demo/live.json

seed.toml is mastodon-mock's `--config` file: people, follows and a few hundred posts
(replies, direct messages, links, emoji) in English, Spanish and Catalan. mastodon-mock's
seed cannot express boosts or content warnings, so live.json lists the posts and boosts
`loowi demo` makes through the API, with each person's token, once the server is up; they
become the newest posts, so the demo starts on them. live.json's `first_minute` is what the
community does during the app's first minute (a mention, a reply, a DM, follows, a favourite
and a boost of the demo user's post), so every buffer fills while a newcomer listens.

Only the standard library is used; the same script always writes the same files.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEMO_USER = "demo"

# username, display name, language, locked, bot, follows the demo user back, profile note
PEOPLE = [
    ("grace", "Grace Okafor", "en", False, False, True, "Accessibility tester. Tea, trains and screen readers."),
    ("oliver", "Oliver Bennett", "en", False, False, True, "Baker at weekends, sysadmin on weekdays."),
    ("priya", "Priya Shah", "en", False, False, False, "Cyclist, reader, occasional pianist."),
    ("tom", "Tom Walsh", "en", False, False, False, "Allotment, football and too many podcasts."),
    ("lucia", "Lucía Fernández", "es", False, False, True, "Profesora de música en Sevilla. Libros y café."),
    ("javier", "Javier Moreno", "es", False, False, False, "Programador en Madrid. Bici, montaña y Linux."),
    ("carmen", "Carmen Ruiz", "es", True, False, True, "Cuenta privada. Periodista de barrio en Zaragoza."),
    ("diego", "Diego Navarro", "es", False, False, False, "Cocinero. Hablo de mercados, recetas y fútbol."),
    ("montse", "Montserrat Puig", "ca", False, False, True, "Bibliotecària a Girona. Llibres, castells i muntanya."),
    ("jordi", "Jordi Vidal", "ca", False, False, True, "Enginyer de so a Barcelona. Ràdio i accessibilitat."),
    ("nuria", "Núria Ferrer", "ca", False, False, True, "Hortolana a Vic. Tomates, gats i bicicleta."),
    ("pau", "Pau Soler", "ca", False, False, False, "Estudiant de física a Lleida. Estrelles i jocs de taula."),
    ("temps_bcn", "El temps a Barcelona", "ca", False, True, False, "Bot: la previsió del temps cada matí."),
]

# The demo user follows everyone but these: Carmen is locked (following her sends a request)
# and Pau is there to be followed during the demo.
NOT_FOLLOWED_BY_DEMO = {"carmen", "pau"}

TOPICS = {
    "en": {
        "food": (
            ["Sourdough attempt number four came out of the oven with an actual crust.",
             "Made a huge pot of lentil soup, enough for the whole week.",
             "The new bakery on the corner sells cardamom buns and I am in trouble.",
             "Tried making pasta from scratch tonight. The kitchen looks like a snowstorm.",
             "Friday means fish and chips by the harbour, rain or shine."],
            ["Recipe in the replies if anyone wants it.", "No regrets.", "Next time: more salt.",
             "The neighbours got the leftovers."]),
        "weather": (
            ["Woke up to frost on the inside of the window. Lovely.",
             "It has rained every single day this month and I have run out of dry shoes.",
             "First properly warm evening of the year, sitting outside with a book.",
             "The wind is so strong the bins have gone on holiday down the street.",
             "Fog so thick this morning that the bus stop vanished."],
            ["Stay dry, everyone.", "Spring, where are you?", "Scarf season is here.",
             "Not complaining, just reporting."]),
        "transit": (
            ["Train cancelled, replacement bus, two hours for a forty minute trip.",
             "The station announcements finally say which platform before the train arrives.",
             "Cycled to work in eighteen minutes, a personal best.",
             "The night bus driver sang the stop names tonight and honestly it helped.",
             "New audio beacons at the tram stops. Small thing, huge difference."],
            ["Public transport is a public good.", "Still worth it.", "More of this, please.",
             "Legs are complaining though."]),
        "books": (
            ["Finished a novel about a lighthouse keeper and I am not okay.",
             "Library book club tonight: we argued about the ending for an hour.",
             "Rereading an old favourite and noticing everything I missed at fifteen.",
             "Audiobook narrators deserve far more credit than they get.",
             "The second-hand shop had a first edition for two pounds."],
            ["Recommendations welcome.", "Adding it to the pile.", "Ten out of ten, would cry again.",
             "The narrator made it."]),
        "music": (
            ["Practised the same four bars of Chopin for an hour and they are almost there.",
             "Local folk night at the pub, a fiddle, a guitar and forty people singing.",
             "Made a playlist for long train journeys, all slow piano and rain.",
             "The choir concert went well and nobody came in early this time.",
             "Found my old cassette player in the loft and it still works."],
            ["Music makes the week.", "Fingers hurt.", "Pure joy.", "Goosebumps."]),
        "tech": (
            ["Spent the morning fixing a server that had run out of disk space because of its own logs.",
             "Reminder that a keyboard-only user cannot click your beautiful hover menu.",
             "Upgraded the home server and, against all odds, everything came back up.",
             "Wrote a tiny script to rename four hundred photos and felt like a wizard.",
             "Testing a website with a screen reader for ten minutes teaches you more than any checklist."],
            ["Backups, people. Backups.", "Plain text forever.", "The terminal is still the best app.",
             "Accessibility is not a feature, it is the floor."]),
        "garden": (
            ["The allotment has produced exactly one courgette and it is the size of a canoe.",
             "Planted garlic today, see you in summer.",
             "Slugs ate every single lettuce overnight. I respect the ambition.",
             "The tomatoes on the windowsill are finally turning red.",
             "Spent the afternoon weeding and listening to the blackbirds."],
            ["Gardening is patience.", "Next year will be different.", "Soil under every fingernail.",
             "Worth it for the smell of the earth."]),
        "sport": (
            ["Park run this morning, slowest time ever, biggest smile.",
             "Our five-a-side team finally won a match after eleven weeks.",
             "Swimming lessons at forty-two: I can now do a length without stopping.",
             "Blind football demonstration at the sports centre today, astonishing skill.",
             "Walked up the hill behind the town and the whole valley was golden."],
            ["Legs like jelly.", "Small wins.", "Come along next time.", "Tea and cake after, obviously."]),
        "access": (
            ["The museum now has audio descriptions for every room, and they are good.",
             "Asked for large-print menus and the café printed one on the spot.",
             "Captions on every video at the conference. It can be done.",
             "Tactile map at the new station entrance, finally.",
             "The council website has a plain-language version now and it is clearer for everyone."],
            ["Design for everyone.", "Ask disabled people first.", "This should be normal.",
             "Thank you to whoever pushed for this."]),
        "city": (
            ["The market square smells of roasted chestnuts and I have already bought two bags.",
             "A busker outside the station playing cello in the rain.",
             "New library branch opened today, with a quiet room and free tea.",
             "Street party on our road, someone brought a piano outside.",
             "The old cinema is showing silent films with a live pianist this week."],
            ["I love this town.", "Worth a visit.", "Community wins.", "Go if you can."]),
    },
    "es": {
        "food": (
            ["La tortilla de hoy ha salido perfecta: jugosa por dentro y sin romperse al darle la vuelta.",
             "Mercado de los sábados: tomates, pimientos y una charla de media hora con la frutera.",
             "He hecho gazpacho para toda la semana y aun así no llegará al jueves.",
             "Probando recetas de la abuela, las croquetas siguen siendo un misterio.",
             "Paella de domingo con la familia, con discusión incluida sobre el chorizo."],
            ["La receta, en las respuestas.", "Sin arrepentimientos.", "La próxima, con más sal.",
             "Las sobras para los vecinos."]),
        "weather": (
            ["Cuarenta grados a la sombra y el ventilador ha dicho basta.",
             "Por fin llueve y la ciudad huele a tierra mojada.",
             "Niebla tan espesa esta mañana que no se veía la parada del autobús.",
             "Primer día de manga corta del año, qué alegría.",
             "Viento de poniente, toallas volando por toda la playa."],
            ["Cuidaos mucho.", "Que dure.", "Agua y sombra, gente.", "No me quejo, solo informo."]),
        "transit": (
            ["El metro ya anuncia por voz la próxima estación en todas las líneas.",
             "Tren con una hora de retraso y ni un aviso por megafonía.",
             "He ido al trabajo en bici en veinte minutos, récord personal.",
             "El conductor del autobús esperó a que me sentara antes de arrancar. Gracias.",
             "Nuevas balizas sonoras en los semáforos del centro."],
            ["El transporte público es de todos.", "Así sí.", "Más de esto, por favor.",
             "Las piernas no opinan lo mismo."]),
        "books": (
            ["Acabo de terminar una novela sobre un faro y me ha dejado hecha polvo.",
             "Club de lectura en la biblioteca: una hora discutiendo el final.",
             "Releyendo un libro de adolescencia y descubriendo todo lo que no entendí.",
             "Los narradores de audiolibros merecen mucho más reconocimiento.",
             "En el rastro he encontrado una primera edición por dos euros."],
            ["Se aceptan recomendaciones.", "A la pila de pendientes.", "Un diez, volvería a llorar.",
             "La voz del narrador lo es todo."]),
        "music": (
            ["Dos horas ensayando el mismo compás de Albéniz y por fin suena.",
             "Concierto del coro del barrio: nadie se adelantó esta vez.",
             "Flamenco en la peña del barrio, una guitarra y cuarenta personas dando palmas.",
             "He hecho una lista de reproducción para viajes largos en tren.",
             "Mis alumnos de música han tocado en el patio del colegio y ha sido precioso."],
            ["La música salva la semana.", "Me duelen los dedos.", "Pura alegría.", "Se me pone la piel de gallina."]),
        "tech": (
            ["Toda la mañana arreglando un servidor que se quedó sin disco por sus propios registros.",
             "Recordatorio: quien usa solo el teclado no puede pulsar tu precioso menú al pasar el ratón.",
             "He actualizado el servidor de casa y, contra todo pronóstico, todo arrancó bien.",
             "Un guion de diez líneas para renombrar cuatrocientas fotos. Me siento maga.",
             "Probar una web con lector de pantalla diez minutos enseña más que cualquier lista de comprobación."],
            ["Copias de seguridad, gente.", "Texto plano para siempre.", "La terminal sigue siendo la mejor aplicación.",
             "La accesibilidad no es una función, es el suelo."]),
        "garden": (
            ["El huerto ha dado un calabacín del tamaño de una piragua.",
             "Hoy he plantado ajos, nos vemos en verano.",
             "Los caracoles se han comido todas las lechugas. Respeto su ambición.",
             "Los tomates del balcón por fin se ponen rojos.",
             "Tarde de quitar malas hierbas escuchando a los mirlos."],
            ["El huerto es paciencia.", "El año que viene será distinto.", "Tierra hasta en las orejas.",
             "Merece la pena por el olor a tierra."]),
        "sport": (
            ["Carrera popular esta mañana: mi peor tiempo y mi mejor sonrisa.",
             "Nuestro equipo de fútbol sala por fin ha ganado un partido.",
             "Exhibición de fútbol para ciegos en el polideportivo, qué nivel.",
             "Subida al monte detrás del pueblo y todo el valle dorado.",
             "Clases de natación a los cuarenta: ya hago un largo sin parar."],
            ["Piernas de gelatina.", "Pequeñas victorias.", "Venid la próxima vez.", "Y luego, cañas."]),
        "access": (
            ["El museo ya tiene audiodescripción en todas las salas y está muy bien hecha.",
             "Pedí la carta en letra grande y la imprimieron en el momento.",
             "Subtítulos en todos los vídeos del congreso. Se puede hacer.",
             "Plano táctil en la entrada de la nueva estación, por fin.",
             "La web del ayuntamiento tiene versión en lectura fácil y es más clara para todo el mundo."],
            ["Diseño para todas las personas.", "Preguntad primero a la gente con discapacidad.",
             "Esto debería ser lo normal.", "Gracias a quien lo haya empujado."]),
        "city": (
            ["La plaza huele a castañas asadas y ya llevo dos cucuruchos.",
             "Un músico tocando el violonchelo bajo la lluvia a la salida del metro.",
             "Han abierto una biblioteca nueva en el barrio, con sala de silencio.",
             "Verbena en nuestra calle, alguien ha sacado un piano a la acera.",
             "El cine de siempre pone películas mudas con pianista en directo esta semana."],
            ["Qué bonita es esta ciudad.", "Merece la pena.", "Barrio vivo.", "Id si podéis."]),
    },
    "ca": {
        "food": (
            ["Pa amb tomàquet i una mica d'oli nou: no cal res més per sopar.",
             "Mercat del dissabte: bolets, castanyes i mitja hora xerrant amb la pagesa.",
             "He fet escudella per a tota la setmana i no arribarà a dijous.",
             "Provant receptes de l'àvia, els canelons encara se'm resisteixen.",
             "Calçotada amb els amics, salsa romesco fins a les orelles."],
            ["La recepta, a les respostes.", "Sense penediments.", "La propera vegada, més sal.",
             "Les sobres per als veïns."]),
        "weather": (
            ["Tramuntana tota la nit i avui el cel està net com un vidre.",
             "Per fi plou i la ciutat fa olor de terra mullada.",
             "Boira tan espessa aquest matí que no es veia la parada de l'autobús.",
             "Primer dia de màniga curta de l'any, quina alegria.",
             "Calor de juliol a l'octubre, no sé si riure o plorar."],
            ["Cuideu-vos.", "Que duri.", "Aigua i ombra, gent.", "No em queixo, només informo."]),
        "transit": (
            ["Rodalies amb quaranta minuts de retard i cap avís per megafonia.",
             "El metro ja anuncia per veu la propera estació a totes les línies.",
             "He anat a la feina amb bicicleta en vint minuts, rècord personal.",
             "El conductor de l'autobús ha esperat que m'assegués abans d'arrencar. Gràcies.",
             "Noves balises sonores als semàfors del centre."],
            ["El transport públic és de tothom.", "Així sí.", "Més d'això, si us plau.",
             "Les cames no hi estan d'acord."]),
        "books": (
            ["Acabo d'acabar una novel·la sobre un far i m'ha deixat tocada.",
             "Club de lectura a la biblioteca: una hora discutint el final.",
             "Rellegint un llibre de l'adolescència i descobrint tot el que no vaig entendre.",
             "Les narradores d'audiollibres mereixen molt més reconeixement.",
             "Sant Jordi a la vista i ja tinc la llista de llibres feta."],
            ["S'accepten recomanacions.", "A la pila de pendents.", "Un deu, tornaria a plorar.",
             "La veu ho és tot."]),
        "music": (
            ["Assaig de la coral: per fi ningú s'avança a l'entrada.",
             "Sardanes a la plaça i la cobla sonant com mai.",
             "He fet una llista de reproducció per als viatges llargs en tren.",
             "Concert de rumba catalana al barri i tothom ballant.",
             "He trobat el meu vell reproductor de casets a les golfes i encara funciona."],
            ["La música salva la setmana.", "Em fan mal els dits.", "Pura alegria.", "Pell de gallina."]),
        "tech": (
            ["Tot el matí arreglant un servidor que s'havia quedat sense disc pels seus propis registres.",
             "Recordatori: qui fa servir només el teclat no pot clicar el vostre menú preciós.",
             "He actualitzat el servidor de casa i, contra tot pronòstic, tot ha arrencat bé.",
             "Un guió de deu línies per reanomenar quatre-centes fotos. Em sento bruixa.",
             "Provar un web amb un lector de pantalla deu minuts ensenya més que qualsevol llista."],
            ["Còpies de seguretat, gent.", "Text pla per sempre.", "El terminal encara és la millor aplicació.",
             "L'accessibilitat no és una funció, és el terra."]),
        "garden": (
            ["L'hort ha donat un carbassó de la mida d'una canoa.",
             "Avui he plantat alls, ens veiem a l'estiu.",
             "Els cargols s'han menjat totes les enciams. Respecte la seva ambició.",
             "Les tomaqueres del balcó per fi tenen tomàquets vermells.",
             "Tarda d'arrencar males herbes escoltant les merles."],
            ["L'hort és paciència.", "L'any que ve serà diferent.", "Terra fins a les orelles.",
             "Val la pena per l'olor de terra."]),
        "sport": (
            ["Diada castellera: hem carregat i descarregat un tres de vuit!",
             "Cursa popular aquest matí: el meu pitjor temps i el meu millor somriure.",
             "Pujada al Montseny i tota la plana daurada als nostres peus.",
             "El nostre equip de futbol sala per fi ha guanyat un partit.",
             "Classes de natació als quaranta: ja faig un llarg sense parar."],
            ["Cames de gelatina.", "Petites victòries.", "Veniu la propera vegada.", "I després, vermut."]),
        "access": (
            ["El museu ja té audiodescripció a totes les sales i està molt ben feta.",
             "Vaig demanar la carta en lletra gran i me la van imprimir al moment.",
             "Subtítols a tots els vídeos del congrés. Es pot fer.",
             "Plànol tàctil a l'entrada de la nova estació, per fi.",
             "El web de l'ajuntament té versió en lectura fàcil i és més clar per a tothom."],
            ["Disseny per a totes les persones.", "Pregunteu primer a la gent amb discapacitat.",
             "Això hauria de ser el normal.", "Gràcies a qui ho hagi empès."]),
        "city": (
            ["La plaça fa olor de castanyes torrades i ja porto dues paperines.",
             "Un músic tocant el violoncel sota la pluja a la sortida del metro.",
             "Han obert una biblioteca nova al barri, amb sala de silenci.",
             "Festa major al carrer, algú ha tret un piano a la vorera.",
             "El cinema de tota la vida fa pel·lícules mudes amb pianista en directe."],
            ["Que bonica és aquesta ciutat.", "Val la pena.", "Barri viu.", "Aneu-hi si podeu."]),
    },
}

HASHTAGS = {
    "food": ["#cooking", "#cocina", "#cuina"], "weather": ["#weather", "#tiempo", "#temps"],
    "transit": ["#transit", "#transporte", "#transport"], "books": ["#books", "#libros", "#llibres"],
    "music": ["#music", "#música", "#música"], "tech": ["#linux", "#accesibilidad", "#programari"],
    "garden": ["#gardening", "#huerto", "#hort"], "sport": ["#running", "#deporte", "#esport"],
    "access": ["#accessibility", "#accesibilidad", "#accessibilitat"], "city": ["#citylife", "#barrio", "#barri"],
}
LANG_INDEX = {"en": 0, "es": 1, "ca": 2}

LINKS = {
    "food": "https://en.wikipedia.org/wiki/Sourdough", "weather": "https://www.aemet.es/",
    "transit": "https://en.wikipedia.org/wiki/Accessible_pedestrian_signal",
    "books": "https://www.gutenberg.org/", "music": "https://musescore.org/",
    "tech": "https://github.com/espeak-ng/espeak-ng", "garden": "https://en.wikipedia.org/wiki/Allotment_(gardening)",
    "sport": "https://ca.wikipedia.org/wiki/Castell_(torre_humana)", "access": "https://www.w3.org/WAI/",
    "city": "https://www.openstreetmap.org/",
}
LINK_INTRO = {"en": "More here:", "es": "Más aquí:", "ca": "Més aquí:"}
EMOJI = ["🙂", "🎉", "☕", "🌧️", "🚲", "📚", "🎶", "🍅", "🌞", "❤️", "👏", "🐈", "🥖", "⚽"]

REPLIES = {
    "en": ["Totally agree.", "This made my day.", "Ha, same here!", "Oh, that sounds wonderful.",
           "Please share the recipe!", "Noted for next time, thanks.", "I was there too!", "Good luck with it.",
           "Sending sympathy.", "Brilliant news.", "How long did it take?", "Can confirm, it is lovely."],
    "es": ["Totalmente de acuerdo.", "Me has alegrado el día.", "¡Ja, igual que yo!", "Qué maravilla.",
           "¡Pasa la receta!", "Apuntado para la próxima, gracias.", "¡Yo también estuve!", "Mucha suerte.",
           "Ánimo.", "Qué buena noticia.", "¿Cuánto tardaste?", "Confirmo, es precioso."],
    "ca": ["Totalment d'acord.", "M'has alegrat el dia.", "Ha, com jo!", "Quina meravella.",
           "Passa la recepta!", "Apuntat per a la propera, gràcies.", "Jo també hi era!", "Molta sort.",
           "Ànims.", "Quina bona notícia.", "Quant hi vas trigar?", "Ho confirmo, és preciós."],
}

DIRECT_MESSAGES = [
    ("grace", "@demo Hello! Welcome to the demo server. Reply any time, I follow you back."),
    ("lucia", "@demo ¡Hola! ¿Vienes al concierto del coro el sábado? Te guardo sitio."),
    ("jordi", "@demo Hola! T'he deixat el cable de l'auricular a la recepció de la ràdio."),
    ("montse", "@demo El llibre que em vas demanar ja ha arribat a la biblioteca 📚"),
    ("carmen", "@demo Gracias por la entrevista de ayer, te paso el borrador esta tarde."),
    ("oliver", "@demo Spare sourdough starter if you want some, just say."),
]

WEATHER = {
    "conditions": ["cel serè", "núvols i clarianes", "pluja feble", "xàfecs a la tarda", "boira al matí",
                   "vent de mestral", "cel cobert", "sol i calor"],
}

# Live actions (made through the API when the demo starts): the demo user's own first post,
# a short thread, posts with content warnings, and boosts. The welcome post is last, so it is
# the newest of all.
LIVE_POSTS = [
    {"ref": "demo_hello", "account": DEMO_USER,
     "text": "Trying loowi for the first time, with my ears. Hello, everyone! 👋"},
    {"ref": "cw_en", "account": "tom", "spoiler_text": "Spoilers for the season finale",
     "text": "I cannot believe the lighthouse keeper was the narrator all along. What a finale."},
    {"ref": "cw_es", "account": "diego", "spoiler_text": "Comida: contiene fotos de casquería",
     "text": "Callos a la madrileña como los hacía mi abuelo, tres horas de fuego lento. Receta: https://es.wikipedia.org/wiki/Callos_a_la_madrile%C3%B1a"},
    {"ref": "cw_ca", "account": "pau", "spoiler_text": "Política",
     "text": "Avui hi ha ple a l'ajuntament i s'hi vota el pressupost del transport públic."},
    {"ref": "thread_1", "account": "jordi",
     "text": "Fil: com fem la ràdio del barri accessible per a tothom 🎙️ #accessibilitat"},
    {"ref": "thread_2", "account": "jordi", "reply_to": "thread_1",
     "text": "1/ Cada programa té transcripció, publicada el mateix dia."},
    {"ref": "thread_3", "account": "jordi", "reply_to": "thread_2",
     "text": "2/ El web es pot fer servir només amb el teclat i amb lector de pantalla. Ho provem cada mes amb oients cecs."},
    {"ref": "grace_thread", "account": "grace", "reply_to": "thread_3",
     "text": "@jordi This is exactly how it should be done. Monthly testing with real listeners is the key part."},
    {"ref": "priya_release", "account": "priya",
     "text": "The city's new cycling map is out, with every step-free route marked: https://www.openstreetmap.org/ 🚲"},
    {"ref": "lucia_concert", "account": "lucia",
     "text": "Concierto del coro este sábado a las siete en la parroquia del barrio. ¡Entrada libre! 🎶"},
    {"ref": "welcome", "account": "grace",
     "text": "Welcome to the loowi demo 👋 This little server lives only on your computer and everyone here is made up. Have a look around!"},
]
LIVE_BOOSTS = [
    {"account": "oliver", "ref": "cw_en"},
    {"account": "javier", "ref": "cw_es"},
    {"account": "montse", "ref": "thread_1"},
    {"account": "nuria", "ref": "priya_release"},
    {"account": "grace", "ref": "lucia_concert"},
    {"account": "jordi", "ref": "lucia_concert"},
    {"account": "lucia", "ref": "grace_thread"},
]


# The first minute: while a newcomer listens, the community reacts to them, so the
# notifications, mentions, direct messages and the demo user's own thread fill up. `at` is
# seconds after the app opens (`LOOWI_DEMO_PACE` scales it); every action is aimed at the
# demo user or their post `demo_hello`. mastodon-mock (like Mastodon) makes a follow request
# only towards a locked account, and a locked account gets no plain follows, so the account
# is locked (with the demo user's own token) after Pau's follow and before Javier's.
FIRST_MINUTE = [
    {"at": 6, "action": "mention", "account": "grace",
     "text": "@demo Lovely to see you here! Ask me anything about loowi, I have been using it for a while."},
    {"at": 14, "action": "favourite", "account": "lucia", "ref": "demo_hello"},
    {"at": 22, "action": "reply", "account": "jordi", "reply_to": "demo_hello",
     "text": "@demo Benvingut! Aquí parlem en tres llengües, escriu en la que vulguis."},
    {"at": 30, "action": "follow", "account": "pau"},
    {"at": 38, "action": "direct", "account": "lucia",
     "text": "@demo ¡Hola! Te he visto llegar. Si quieres, el sábado te presento al coro 🎶"},
    {"at": 46, "action": "boost", "account": "oliver", "ref": "demo_hello"},
    {"at": 53, "action": "lock", "account": DEMO_USER},
    {"at": 54, "action": "follow", "account": "javier"},
]
FIRST_MINUTE_ACTIONS = {"mention", "reply", "direct", "follow", "favourite", "boost", "lock"}


def check_first_minute() -> None:
    """The plan makes sense against the seed: a DM only from a follower, a follow only from
    someone who is not one yet, times in order."""
    followers = {p[0] for p in PEOPLE if p[5]}
    live_refs = {post["ref"] for post in LIVE_POSTS if post["account"] == DEMO_USER}
    last = 0
    locked = False
    for event in FIRST_MINUTE:
        action, account = event["action"], event["account"]
        assert action in FIRST_MINUTE_ACTIONS, action
        assert event["at"] >= last, "first-minute events must be in time order"
        last = event["at"]
        assert (account == DEMO_USER) == (action == "lock"), event
        if action == "lock":
            locked = True
        if action == "direct":
            assert account in followers, f"{account} does not follow the demo user"
        if action == "follow":
            assert account not in followers, f"{account} already follows the demo user"
        if action in ("favourite", "boost"):
            assert event["ref"] in live_refs, event
        if action == "reply":
            assert event["reply_to"] in live_refs, event
        if action in ("mention", "reply", "direct"):
            assert event["text"].startswith(f"@{DEMO_USER} "), event
    assert locked, "without the lock there is no follow request"


def toml_string(text: str) -> str:
    """A TOML basic string (JSON escapes are valid TOML escapes for these characters)."""
    return json.dumps(text, ensure_ascii=False)


def build() -> tuple[dict, dict]:
    rng = random.Random(2012)  # the year of iLoowi
    accounts = [{"username": DEMO_USER, "display_name": "Demo User", "note": "You, in the loowi demo.",
                 "access_token": f"{DEMO_USER}_token"}]
    for username, name, _lang, locked, bot, _back, note in PEOPLE:
        accounts.append({"username": username, "display_name": name, "note": note, "locked": locked,
                         "bot": bot, "access_token": f"{username}_token"})

    usernames = [p[0] for p in PEOPLE]
    follows = []
    for username in usernames:
        if username not in NOT_FOLLOWED_BY_DEMO:
            follows.append((DEMO_USER, username))
    for username, _name, _lang, _locked, _bot, follows_back, _note in PEOPLE:
        if follows_back:
            follows.append((username, DEMO_USER))
    humans = [p[0] for p in PEOPLE if not p[4]]
    for username in humans:
        others = [u for u in usernames if u != username]
        for target in rng.sample(others, rng.randint(4, 7)):
            follows.append((username, target))

    statuses: list[dict] = []
    seen: set[tuple[str, str]] = set()

    def add(account: str, text: str, **extra) -> bool:
        if (account, text) in seen:
            return False
        seen.add((account, text))
        statuses.append({"account": account, "text": text, **extra})
        return True

    # Topic posts, interleaved person by person so the timeline mixes voices and languages.
    plans = []
    for username, _name, lang, _locked, bot, _back, _note in PEOPLE:
        if bot:
            continue
        topics = rng.sample(sorted(TOPICS[lang]), 4)
        plans.append((username, lang, topics))
    ref_count = 0
    for round_number in range(21):
        for username, lang, topics in plans:
            topic = topics[round_number % len(topics)] if rng.random() < 0.8 else rng.choice(sorted(TOPICS[lang]))
            openers, follow_ups = TOPICS[lang][topic]
            for _attempt in range(20):
                text = rng.choice(openers)
                if rng.random() < 0.5:
                    text += " " + rng.choice(follow_ups)
                if rng.random() < 0.35:
                    text += " " + HASHTAGS[topic][LANG_INDEX[lang]]
                if rng.random() < 0.3:
                    text += " " + rng.choice(EMOJI)
                if rng.random() < 0.08:
                    text += f" {LINK_INTRO[lang]} {LINKS[topic]}"
                ref_count += 1
                if add(username, text, ref=f"p{ref_count}"):
                    break
        # Replies to recent posts by other people (someone answers in their own language).
        for _ in range(3):
            target = rng.choice(statuses[-12:])
            if "ref" not in target:
                continue
            replier, _name, lang, *_ = rng.choice([p for p in PEOPLE if not p[4] and p[0] != target["account"]])
            text = f"@{target['account']} {rng.choice(REPLIES[lang])}"
            ref_count += 1
            add(replier, text, ref=f"p{ref_count}", reply_to=target["ref"])
        # The weather bot posts every other round.
        if round_number % 2 == 0:
            day = round_number // 2 + 1
            condition = rng.choice(WEATHER["conditions"])
            add("temps_bcn", f"Previsió per a Barcelona, dia {day}: {condition}, màxima de {rng.randint(12, 31)} graus "
                "i mínima de {0} graus. ☀️".format(rng.randint(4, 11)))
    for sender, text in DIRECT_MESSAGES:
        add(sender, text, visibility="direct")

    seed = {"accounts": accounts, "follows": follows, "statuses": statuses}
    # What the community writes through the API carries its language, as Mastodon's apps
    # send it, so that loowi reads each post in its own voice. (mastodon-mock's seed rows
    # take no language: the timeline's older posts have none, as some servers' do.)
    languages = {username: lang for username, _name, lang, *_rest in PEOPLE}
    languages[DEMO_USER] = "en"
    for item in LIVE_POSTS + FIRST_MINUTE:
        if "text" in item:
            item["language"] = languages[item["account"]]
    live = {"demo_user": DEMO_USER, "tokens": {a["username"]: a["access_token"] for a in accounts},
            "posts": LIVE_POSTS, "boosts": LIVE_BOOSTS, "first_minute": FIRST_MINUTE}
    return seed, live


def write_toml(seed: dict) -> str:
    lines = [
        "# The loowi demo's sample community, for mastodon-mock 0.6.1 (--config).",
        "# Generated by Demo/make_seed.py; edit that script, not this file.",
        "# The tokens are mock credentials for a server that only exists on 127.0.0.1.",
        "",
        'title = "loowi demo"',
        'description = "A made-up community that lives only on your computer."',
        "",
    ]
    for account in seed["accounts"]:
        lines.append("[[seed.accounts]]")
        for key in ("username", "display_name", "note", "access_token"):
            lines.append(f"{key} = {toml_string(account[key])}")
        if account.get("locked"):
            lines.append("locked = true")
        if account.get("bot"):
            lines.append("bot = true")
        lines.append("")
    for follower, following in seed["follows"]:
        lines.append("[[seed.follows]]")
        lines.append(f"follower = {toml_string(follower)}")
        lines.append(f"following = {toml_string(following)}")
        lines.append("")
    for status in seed["statuses"]:
        lines.append("[[seed.statuses]]")
        for key in ("account", "text", "visibility", "ref", "reply_to"):
            if key in status:
                lines.append(f"{key} = {toml_string(status[key])}")
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    check_first_minute()
    seed, live = build()
    (HERE / "seed.toml").write_text(write_toml(seed), encoding="utf-8")
    (HERE / "live.json").write_text(json.dumps(live, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(f"Demo/seed.toml: {len(seed['accounts'])} accounts, {len(seed['follows'])} follows, "
          f"{len(seed['statuses'])} posts; Demo/live.json: {len(live['posts'])} posts, {len(live['boosts'])} boosts, "
          f"{len(live['first_minute'])} first-minute actions")


if __name__ == "__main__":
    main()
