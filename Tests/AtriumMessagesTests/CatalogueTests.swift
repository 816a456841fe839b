import AtriumDomain
import AtriumMessages
import Testing

/// Every message of the catalogue reads in every language, and the Spanish is not the English.
@Suite struct CatalogueTests {
  /// Every message type of the catalogue; a new one is added here when it is written.
  static let everyMessage: [any CatalogueMessage] =
    NoticeMessage.examples + BalanceMessage.examples + DeviceName.examples + ProblemMessage.examples
    + ProblemTitle.examples + FieldMessage.examples + PageText.examples
    + ConnectionMessage.examples + AdminProblemMessage.examples + AppText.examples + CommandLineText.examples
    + FeedTrouble.examples + DecisionText.examples + AdminText.examples
    + HomeText.examples + PasswordText.examples + AuditText.examples + MailText.examples
    + OutboxText.examples + DigestText.examples + ErasureText.examples + PushText.examples
    + BrowserPushText.examples + PresenceText.examples + TaskText.examples + SensorText.examples
    + SensorAppText.examples
    + SignUpText.examples

  /// Texts that are names, or read the same in both languages on purpose.
  static let sameInBothLanguages: Set<String> = [
    "page.appName",  // Atrium, a name
    "page.problem",  // shows a problem's detail, already worded by the catalogue
  ]

  @Test func everyMessageHasASpanishTextThatIsNotTheEnglish() {
    var ids: Set<String> = []
    for message in Self.everyMessage {
      let english = message.text(in: .en)
      let spanish = message.text(in: .es)
      #expect(!english.isEmpty && !spanish.isEmpty, "\(message.id)")
      #expect(
        english != spanish || Self.sameInBothLanguages.contains(message.id),
        "\(message.id) reads the same in both languages: \(english)")
      ids.insert(message.id)
    }
    #expect(ids.count > 80)
  }

  @Test func noticesSayWhoDidWhatAndWhy() {
    for message in NoticeMessage.examples {
      for language in Language.allCases {
        #expect(message.text(in: language).contains("Vacation"), "\(message.id)")
        #expect(message.text(in: language).contains(message.notice.kind == .waiting ? "Eva" : "Mario"))
      }
      if message.notice.kind != .waiting {
        #expect(message.detail(in: .es) == "Motivo: Busy week")
      } else {
        #expect(message.detail(in: .en) != message.detail(in: .es))
      }
    }
  }

  @Test func theReadersLanguageFollowsOneRule() {
    #expect(Language.reader(chosen: "es", acceptLanguage: "en-GB") == .es)
    #expect(Language.reader(chosen: nil, acceptLanguage: "fr-FR, es;q=0.8") == .es)
    #expect(Language.reader(chosen: nil, acceptLanguage: " ES-mx") == .es)
    #expect(Language.reader(chosen: nil, acceptLanguage: "de") == .en)
    #expect(Language.reader(chosen: nil, acceptLanguage: nil) == .en)
  }

  @Test func numbersDaysAndDatesFollowTheReadersLocale() throws {
    let en = Wording(.en)
    let es = Wording(.es)
    #expect(es.days(HalfDays(halves: 7)) == "3,5 días" && en.days(HalfDays(halves: 7)) == "3.5 days")
    #expect(es.days(HalfDays(halves: 2)) == "1 día" && en.days(HalfDays(halves: 2)) == "1 day")
    #expect(es.workingDays(HalfDays(halves: 2)) == "1 día laborable")
    #expect(en.number(HalfDays(halves: -1)) == "-0.5")
    let march = try #require(CalendarDate("2026-03-01"))
    #expect(es.date(march) == "1 de marzo de 2026" && en.date(march) == "1 March 2026")
    func span(
      _ start: String, _ end: String, _ startHalf: StartHalf = .full, _ endHalf: EndHalf = .full
    ) throws
      -> LeaveSpan
    {
      try LeaveSpan(
        start: #require(CalendarDate(start)), end: #require(CalendarDate(end)), startHalf: startHalf, endHalf: endHalf)
    }
    #expect(en.span(try span("2026-04-06", "2026-04-10")) == "6–10 April 2026")
    #expect(es.span(try span("2026-04-06", "2026-04-10")) == "6–10 de abril de 2026")
    #expect(en.span(try span("2026-03-30", "2026-04-03")) == "30 March – 3 April 2026")
    #expect(en.span(try span("2026-12-28", "2027-01-04")) == "28 December 2026 – 4 January 2027")
    #expect(es.span(try span("2026-04-06", "2026-04-06", .afternoon)) == "6 de abril de 2026 (tarde)")
    #expect(
      en.span(try span("2026-04-06", "2026-04-07", .afternoon, .morning))
        == "6 April (afternoon) – 7 April 2026 (morning)")
  }

  @Test func aFeedsTroubleIsStoredAsACodeAndReadBack() {
    for trouble in FeedTrouble.examples {
      #expect(FeedTrouble(code: trouble.code) == trouble, "\(trouble.code)")
    }
    #expect(FeedTrouble(code: "the server answered HTTP 404") == nil, "text stored before codes is kept as it is")
  }
}
