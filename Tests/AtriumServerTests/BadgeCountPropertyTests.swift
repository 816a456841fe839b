import AtriumDomain
import AtriumSQL
import AtriumServer
import AtriumStore
import AtriumTestSupport
import Testing

/// The badge is counted on its own query (`BoardStore.unreadCount`), apart from the board's
/// list. Over random personal and company notices — for everyone, a department or a location,
/// expired or not, read or not — both counts must equal what the board lists unread for each
/// reader: in all, and since a reset (or never reset). Some readers read everything at once.
/// The personal notices' count is a row kept with each change (`NoticeStore.countUnread`):
/// the suite's check (`atrium verify balances`) compares it with the notices after each test.
@Suite(.checksBalanceRows) struct BadgeCountPropertyTests {
  @Test(arguments: [UInt64(1), 2])
  func theBadgeCountsWhatTheBoardListsUnread(seed: UInt64) throws {
    let app = try TestApp()
    var random = SeededRandom(seed: seed)
    let now: Int64 = 1_772_442_000_000
    let readers = try app.database.read { connection in
      try PeopleStore(connection).everyone(after: "", limit: 100).map {
        BoardStore.Reader(
          employeeID: $0.id, departmentID: $0.departmentID, locationID: $0.locationID,
          readsCompanyNotices: Bool.random(using: &random) || $0.username == "eva")
      }
    }
    for step in 0..<60 {
      try app.database.write { connection in
        let board = BoardStore(connection)
        let reader = readers.randomElement(using: &random)!
        let at = now - Int64.random(in: 0..<1_000_000, using: &random)
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
          try NoticeStore(connection).insert(
            NoticeStore.Notice(
              id: random.uuid(), recipientID: reader.employeeID, kind: "leave.approved", title: "t", body: "b",
              requestID: nil, createdAt: at))
        case 1:
          let audience = ["everyone", "department", "location"].randomElement(using: &random)!
          try board.insert(
            BoardStore.CompanyNotice(
              id: random.uuid(), authorID: reader.employeeID, title: "c", body: "b", audience: audience,
              audienceID: audience == "department"
                ? reader.departmentID : audience == "location" ? reader.locationID : nil,
              createdAt: at,
              expiresAt: Bool.random(using: &random) ? nil : now + Int64.random(in: -500...500, using: &random)))
        case 2 where Int.random(in: 0..<4, using: &random) == 0:
          try board.markAllRead(for: reader, now: now)
        default:
          let listed = try board.page(for: reader, now: now, unreadOnly: true, limit: 1000, after: nil).items
          if let item = listed.randomElement(using: &random) {
            _ = try board.markRead(id: item.id, for: reader, now: now)
          }
        }
      }
      try app.database.read { connection in
        let board = BoardStore(connection)
        for reader in readers {
          let unread = try board.page(for: reader, now: now, unreadOnly: true, limit: 1000, after: nil).items
          // A badge reset a while ago, and one never reset.
          for since in [now - 500_000, 0] {
            let counts = try board.unreadCount(for: reader, now: now, since: since)
            #expect(counts.all == unread.count, "seed \(seed), step \(step), \(reader.employeeID)")
            #expect(counts.since == unread.filter { $0.createdAt > since }.count, "seed \(seed), step \(step)")
          }
        }
      }
    }
  }
}
