import Foundation
import Testing
@testable import TweetEngine

@Suite(.timeLimit(.minutes(5))) struct RelativeTimeTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    static let cases: [(Double, String, String, String)] = [
        (5.0, "just now", "ahora mismo", "ara mateix"),
        (-30.0, "just now", "ahora mismo", "ara mateix"),
        (45.0, "45 seconds ago", "hace 45 segundos", "fa 45 segons"),
        (60.0, "1 minute ago", "hace 1 minuto", "fa 1 minut"),
        (180.0, "3 minutes ago", "hace 3 minutos", "fa 3 minuts"),
        (3600.0, "1 hour ago", "hace 1 hora", "fa 1 hora"),
        (7200.0, "2 hours ago", "hace 2 horas", "fa 2 hores"),
        (86_400.0 * 3, "3 days ago", "hace 3 días", "fa 3 dies"),
        (86_400.0 * 14, "2 weeks ago", "hace 2 semanas", "fa 2 setmanes"),
        (86_400.0 * 65, "2 months ago", "hace 2 meses", "fa 2 mesos"),
        (86_400.0 * 800, "2 years ago", "hace 2 años", "fa 2 anys"),
    ]

    @Test(arguments: cases)
    func phrases(secondsAgo: Double, english: String, spanish: String, catalan: String) {
        let date = now.addingTimeInterval(-secondsAgo)
        #expect(RelativeTime.phrase(for: date, now: now, language: .english) == english)
        #expect(RelativeTime.phrase(for: date, now: now, language: .spanish) == spanish)
        #expect(RelativeTime.phrase(for: date, now: now, language: .catalan) == catalan)
    }

    @Test func waits() {
        #expect(RelativeTime.phrase(after: .seconds(30), language: .english) == "in 30 seconds")
        #expect(RelativeTime.phrase(after: .seconds(200), language: .spanish) == "en 4 minutos")
        #expect(RelativeTime.phrase(after: .seconds(60), language: .catalan) == "d'aquí a 1 minut")
    }
}
