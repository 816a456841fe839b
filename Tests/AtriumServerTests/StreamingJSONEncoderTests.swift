import AtriumAPI
import AtriumDomain
import AtriumServices
import AtriumWeb
import Foundation
import Testing

@testable import AtriumServer

@Suite struct StreamingJSONEncoderTests {
  /// Both encoders' output, read back as JSON objects.
  func bothWays(_ value: some Encodable) throws -> (ours: NSObject, foundation: NSObject) {
    let ours = try StreamingJSONEncoder().encode(value)
    let theirs = try JSONEncoder().encode(value)
    return (
      try JSONSerialization.jsonObject(with: Data(ours), options: [.fragmentsAllowed]) as! NSObject,
      try JSONSerialization.jsonObject(with: theirs, options: [.fragmentsAllowed]) as! NSObject
    )
  }

  struct Nested: Encodable {
    let title: String
    let numbers: [Int]
    let missing: String?
    let present: Double?
    let map: [String: HalfDays]

    enum CodingKeys: String, CodingKey { case title, numbers, missing, present, map, inner, list, after }
    enum InnerKeys: String, CodingKey { case a, b }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(title, forKey: .title)
      try container.encode(numbers, forKey: .numbers)
      try container.encode(missing, forKey: .missing)
      try container.encodeIfPresent(present, forKey: .present)
      try container.encode(map, forKey: .map)
      var inner = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
      try inner.encode(true, forKey: .a)
      try inner.encode(-3, forKey: .b)
      var list = container.nestedUnkeyedContainer(forKey: .list)
      try list.encode("x")
      try list.encodeNil()
      try container.encode("last", forKey: .after)
    }
  }

  @Test func matchesFoundationOnAwkwardValues() throws {
    let value = Nested(
      title: "quote \" backslash \\ newline \n tab \t bell \u{7} é 🙂 </script>", numbers: [0, -1, Int.max],
      missing: nil, present: 2.5, map: ["2026": HalfDays(halves: 7), "2027": HalfDays(halves: 8)])
    let (ours, theirs) = try bothWays(value)
    #expect(ours == theirs)
  }

  @Test func matchesFoundationOnWireTypes() throws {
    let request = LeaveRequestBody(
      id: "1", employeeId: "2", start: CalendarDate("2026-12-28")!, end: CalendarDate("2027-01-04")!,
      startHalf: .afternoon, endHalf: .morning, type: Reference(id: "t", name: "Vacation"), days: HalfDays(halves: 9),
      perYear: ["2026": HalfDays(halves: 5), "2027": HalfDays(halves: 4)], status: .pending, note: "",
      createdAt: "2026-03-02T09:00:00.000Z", updatedAt: "2026-03-02T09:00:00.000Z")
    let saved = SavedLeave(
      request: request,
      conflicts: [ConflictDay(date: CalendarDate("2026-12-28")!, people: [PersonName(id: "p", displayName: "Pablo")])])
    let page = Page(
      items: [
        ApprovalItem(
          request: request, employee: EmployeeSummary(id: "e", displayName: "Eva", position: "", photoURL: "/p"))
      ],
      nextCursor: nil)
    let calendar = TeamCalendar(
      month: "2026-12", today: CalendarDate("2026-12-03")!,
      days: [
        CalendarDate("2026-12-24")!, CalendarDate("2026-12-25")!, CalendarDate("0042-01-09")!,
        CalendarDate("9999-12-31")!,
      ],
      people: [
        CalendarPerson(
          id: "e", displayName: "Eva \"la\" Fernández", photoURL: "/p", location: Reference(id: "l", name: "Madrid"),
          days: [
            CalendarCell(date: CalendarDate("2026-12-24")!, kind: "holiday", halves: 1, name: "Nochebuena"),
            CalendarCell(date: CalendarDate("2026-12-26")!, kind: "weekend"),
            CalendarCell(date: CalendarDate("0007-10-01")!, kind: "weekend"),
            CalendarCell(
              date: CalendarDate("2026-12-28")!, kind: "leave", status: .approved, halves: 2, name: "Vacation"),
          ]),
        CalendarPerson(
          id: "m", displayName: "Mario", photoURL: "/m", location: Reference(id: "l", name: "M"), days: []),
      ])
    let people = Page(
      items: [
        PersonSummary(
          id: "e", displayName: "Eva \"la\" Fernández", firstName: "Eva", lastName: "Fernández", position: "",
          department: Reference(id: "d", name: "Sales\\North"), location: Reference(id: "l", name: "Madrid"),
          photoURL: "/api/v1/people/e/photo?size=96")
      ],
      nextCursor: "c")
    for value in [
      try bothWays(saved), try bothWays(page), try bothWays(Problem.notFound(.noPerson(id: "x"))),
      try bothWays(Health()), try bothWays(calendar), try bothWays(people),
    ] {
      #expect(value.ours == value.foundation)
    }
  }

  /// A page far past the output's first kilobyte, of texts of every length up to 40 bytes and
  /// some of 2,000, with and without characters to escape at any place: as Foundation writes it,
  /// also when the output grows in the middle of a string or a key.
  @Test func matchesFoundationOnLongPagesOfAwkwardTexts() throws {
    var random = SeededRandom(seed: 22)
    let pieces = ["a", "é", "🙂", "\"", "\\", "\n", "\u{1}", "</", " ", "Z"]
    func text() -> String {
      let length = Int.random(in: 0...8, using: &random) == 0 ? 2_000 : Int.random(in: 0...40, using: &random)
      let plain = Int.random(in: 0...1, using: &random) == 0
      return String(
        (0..<length).map { _ in plain ? "x" : pieces.randomElement(using: &random)! }.joined().prefix(length))
    }
    for size in [1, 7, 60, 300] {
      let people = Page(
        items: (0..<size).map { _ in
          PersonSummary(
            id: text(), displayName: text(), firstName: text(), lastName: text(), position: text(),
            department: Reference(id: text(), name: text()), location: Reference(id: text(), name: text()),
            photoURL: text())
        }, nextCursor: size == 1 ? nil : text())
      let (ours, theirs) = try bothWays(people)
      #expect(ours == theirs, "\(size) people")
    }
  }

  /// An object written straight into the answer's array when the size reserved holds it, and
  /// moved to memory of its own when it does not (in the middle of a string or a key): the same
  /// bytes whatever was reserved, and the ones Foundation's JSON reads as the page.
  @Test func theSameBytesWhateverSizeWasReserved() throws {
    var random = SeededRandom(seed: 7)
    let pieces = ["a", "é", "🙂", "\"", "\n", "</", " "]
    func text() -> String {
      (0..<Int.random(in: 0...30, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }
    let page = Page(
      items: (0..<40).map { _ in
        PersonSummary(
          id: text(), displayName: text(), firstName: text(), lastName: text(), position: text(),
          department: Reference(id: text(), name: text()), location: Reference(id: text(), name: text()),
          photoURL: text())
      }, nextCursor: text())
    let whole = try StreamingJSONEncoder().encodeObject(page, expectedSize: 1 << 20)
    let parsed = try JSONSerialization.jsonObject(with: Data(whole)) as! NSObject
    #expect(parsed == (try bothWays(page).foundation))
    var sizes = [0, 1, 16, 17, whole.count - 1, whole.count, whole.count + 1]
    sizes += (0..<20).map { _ in Int.random(in: 0...whole.count, using: &random) }
    for size in sizes {
      let written = try StreamingJSONEncoder().encodeObject(page, expectedSize: size)
      #expect(written == whole, "\(size) bytes reserved for \(whole.count)")
    }
  }

  @Test func refusesNonFiniteNumbers() {
    #expect(throws: StreamingJSONEncoder.InvalidValue.self) { try StreamingJSONEncoder().encode([Double.nan]) }
  }

  /// Integers are written digit by digit into the output: byte for byte what Foundation
  /// writes, at every edge of every width, and at random; half days with their half.
  @Test func integersMatchFoundationByteForByte() throws {
    var random = SystemRandomNumberGenerator()
    let int64s: [Int64] =
      [0, 1, -1, 9, 10, -10, 99, 100, 12_345, -98_765, .max, .min, .max - 1, .min + 1]
      + (0..<500).map { _ in Int64.random(in: .min ... .max, using: &random) }
      + (0..<500).map { _ in Int64.random(in: -1_000...1_000, using: &random) }
    try expectSameBytes(int64s)
    try expectSameBytes(int64s.map { Int($0) })
    try expectSameBytes([Int8.min, -1, 0, 7, Int8.max])
    try expectSameBytes([UInt8.min, 9, 10, UInt8.max])
    try expectSameBytes([UInt64.max, UInt64(Int64.max), UInt64(Int64.max) + 1, 0])
    try expectSameBytes((0..<200).map { _ in UInt64.random(in: .min ... .max, using: &random) })
    let halves = [HalfDays(halves: 0), HalfDays(halves: 1), HalfDays(halves: -1), HalfDays(halves: 41)]
    #expect(String(decoding: try StreamingJSONEncoder().encode(halves), as: UTF8.self) == "[0,0.5,-0.5,20.5]")
  }

  private func expectSameBytes<T: Encodable>(_ values: [T]) throws {
    let ours = String(decoding: try StreamingJSONEncoder().encode(values), as: UTF8.self)
    let theirs = String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
    #expect(ours == theirs, "\(T.self)")
  }

  @Test func emptyContainers() throws {
    #expect(try StreamingJSONEncoder().encode([String]()) == Array("[]".utf8))
    #expect(try StreamingJSONEncoder().encode([String: Int]()) == Array("{}".utf8))
  }
}

@Suite struct InstantTests {
  @Test func formatsRFC3339InUTCWithMilliseconds() {
    #expect(Instant.text(1_772_442_000_000) == "2026-03-02T09:00:00.000Z")
    #expect(Instant.text(1_772_442_000_000 + 86_399_999 - 9 * 3_600_000) == "2026-03-02T23:59:59.999Z")
    #expect(Instant.text(0) == "1970-01-01T00:00:00.000Z")
    #expect(Instant.text(-1) == "1969-12-31T23:59:59.999Z")
  }

  @Test func agreesWithFoundationFrom1600To2400_leapDaysIncluded() {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    // 1600-01-01, then 4,000 instants across 800 years, each at another time of day.
    let start: Int64 = -11_676_096_000_000
    let step: Int64 = 6_311_390_400_000 / 1000
    let leapDays: [Int64] = [951_782_400_000, 951_868_799_999, -2_203_977_600_000, 4_107_542_400_000]
    for milliseconds in leapDays + (0..<4000).map({ start + Int64($0) * step + Int64($0) * 7_919_123 % 86_400_000 }) {
      let expected = formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
      #expect(Instant.text(milliseconds) == expected, "\(milliseconds)")
    }
  }
}
