import AtriumDomain

/// Wire types that write themselves into the streaming encoder without going through Codable.
///
/// The approvals list writes hundreds of requests per answer; Codable's boxed containers and
/// generic calls cost several times what the bytes themselves do. Each conformance writes the
/// same keys as the type's `Encodable` form, which `StreamingJSONEncoderTests` checks against
/// Foundation's encoder.
package protocol JSONStreamable {
  func write(to object: inout JSONObjectWriter) throws

  /// An array of values of this type, as `[{…},{…}]`. A requirement (with a default), so that
  /// a generic page of them (`Page<Item>`, reached through `any JSONStreamable`) hands its
  /// array to code made for the item's type: walked generically, each item was copied and
  /// destroyed through its type's metadata, some 1,900 instructions a person on a directory
  /// page (`make bench-cost`).
  static func writeArray(_ values: [Self], to output: JSONOutput) throws
}

extension JSONStreamable {
  /// Each value is written where the array holds it: taken out of the array (`values[index]`)
  /// each was retained and released, on counts that every thread sending kept values (the
  /// approvals list's items) shares (`perf`).
  package static func writeArray(_ values: [Self], to output: JSONOutput) throws {
    output.append(UInt8(ascii: "["))
    try values.withUnsafeBufferPointer { values in
      for index in values.indices {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        try output.writeObject(values[index])
      }
    }
    output.append(UInt8(ascii: "]"))
  }
}

/// Writes one JSON object's members; `JSONStreamable` types get one.
package struct JSONObjectWriter {
  private let output: JSONOutput
  private var count = 0

  init(output: JSONOutput) {
    self.output = output
  }

  private mutating func key(_ key: StaticString) {
    output.writeKey(key, first: count == 0)
    count += 1
  }

  package mutating func field(_ name: StaticString, _ value: String) {
    key(name)
    output.writeString(value)
  }

  package mutating func field(_ name: StaticString, _ value: String?) {
    key(name)
    if let value { output.writeString(value) } else { output.writeRaw("null") }
  }

  package mutating func field(_ name: StaticString, _ value: HalfDays) {
    key(name)
    output.writeHalfDays(value)
  }

  package mutating func field(_ name: StaticString, _ value: CalendarDate) {
    key(name)
    output.writeDate(value)
  }

  package mutating func field<T: RawRepresentable>(_ name: StaticString, _ value: T) where T.RawValue == String {
    key(name)
    output.writeString(value.rawValue)
  }

  package mutating func field(_ name: StaticString, _ value: [String: HalfDays]) {
    key(name)
    output.append(UInt8(ascii: "{"))
    for (index, entry) in value.sorted(by: { $0.key < $1.key }).enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      output.writeString(entry.key)
      output.append(UInt8(ascii: ":"))
      output.writeHalfDays(entry.value)
    }
    output.append(UInt8(ascii: "}"))
  }

  package mutating func field(_ name: StaticString, _ value: Int) {
    key(name)
    output.writeInteger(value)
  }

  /// Nothing when nil: what a synthesized `Encodable` writes for an optional.
  package mutating func field(_ name: StaticString, _ value: Int?) {
    if let value { field(name, value) }
  }

  /// Nothing when nil, as above.
  package mutating func field<T: RawRepresentable>(_ name: StaticString, _ value: T?) where T.RawValue == String {
    if let value { field(name, value) }
  }

  package mutating func field(_ name: StaticString, _ value: [CalendarDate]) {
    key(name)
    output.append(UInt8(ascii: "["))
    for (index, date) in value.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      output.writeDate(date)
    }
    output.append(UInt8(ascii: "]"))
  }

  package mutating func field<Item: JSONStreamable>(_ name: StaticString, objects: [Item]) throws {
    key(name)
    try Item.writeArray(objects, to: output)
  }

  package mutating func field(_ name: StaticString, object: some JSONStreamable) throws {
    key(name)
    try output.writeObject(object)
  }

  /// Members encoded before (`StreamingJSONEncoder.encodeMembers`), copied as they are.
  package mutating func members(_ encoded: [UInt8]) {
    guard !encoded.isEmpty else { return }
    if count > 0 { output.append(UInt8(ascii: ",")) }
    output.append(contentsOf: encoded)
    count += 1
  }

  /// Writes another value's members into this same object (flattened bodies).
  package mutating func merge(_ value: some JSONStreamable) throws {
    try value.write(to: &self)
  }
}

// MARK: - Conformances

extension Reference: JSONStreamable {
  package func write(to object: inout JSONObjectWriter) throws {
    object.field("id", id)
    object.field("name", name)
  }
}

extension PersonName: JSONStreamable {
  package func write(to object: inout JSONObjectWriter) throws {
    object.field("id", id)
    object.field("displayName", displayName)
  }
}

extension EmployeeSummary: JSONStreamable {
  package func write(to object: inout JSONObjectWriter) throws {
    object.field("id", id)
    object.field("displayName", displayName)
    object.field("position", position)
    object.field("photoURL", photoURL)
  }
}

extension LeaveRequestBody: JSONStreamable {
  package func write(to object: inout JSONObjectWriter) throws {
    writeMembersBeforeType(to: &object)
    try object.field("type", object: type)
    writeMembersAfterType(to: &object)
  }

  /// The members before `type`: with those after it, all that `EncodedRequest` keeps.
  package func writeMembersBeforeType(to object: inout JSONObjectWriter) {
    object.field("id", id)
    object.field("employeeId", employeeId)
    object.field("start", start)
    object.field("end", end)
    object.field("startHalf", startHalf)
    object.field("endHalf", endHalf)
  }

  package func writeMembersAfterType(to object: inout JSONObjectWriter) {
    object.field("days", days)
    object.field("perYear", perYear)
    object.field("status", status)
    object.field("note", note)
    if let decisionReason { object.field("decisionReason", decisionReason) }
    object.field("createdAt", createdAt)
    object.field("updatedAt", updatedAt)
  }
}

extension ApprovalItem: JSONStreamable {
  package func write(to object: inout JSONObjectWriter) throws {
    try object.merge(request)
    try object.field("employee", object: employee)
  }
}

extension LeaveYear: JSONStreamable {
  package func write(to object: inout JSONObjectWriter) throws {
    writeBalance(to: &object)
    try object.field("requests", objects: requests)
    if let employee { try object.field("employee", object: employee) }
  }

  /// The members before `requests`: the year and its balance (`EncodedLeaveYear`).
  package func writeBalance(to object: inout JSONObjectWriter) {
    object.field("year", year)
    object.field("allowance", allowance)
    object.field("carriedOver", carriedOver)
    object.field("carriedOverUntil", carriedOverUntil)
    object.field("expired", expired)
    object.field("approved", approved)
    object.field("pending", pending)
    object.field("remaining", remaining)
  }
}

extension PersonSummary: JSONStreamable {
  /// About how many bytes it takes written: its texts as they are, and its keys. A directory
  /// page reserved that much at once; grown from a kilobyte, its output was copied five times.
  package var sizeEstimate: Int {
    let names = displayName.utf8.count + firstName.utf8.count + lastName.utf8.count + position.utf8.count
    let places =
      department.id.utf8.count + department.name.utf8.count + location.id.utf8.count
      + location.name.utf8.count
    return 180 + id.utf8.count + names + places + photoURL.utf8.count
  }

  package func write(to object: inout JSONObjectWriter) throws {
    object.field("id", id)
    object.field("displayName", displayName)
    object.field("firstName", firstName)
    object.field("lastName", lastName)
    object.field("position", position)
    try object.field("department", object: department)
    try object.field("location", object: location)
    object.field("photoURL", photoURL)
  }
}

extension Page where Item == PersonSummary {
  /// About how many bytes the page takes written.
  package var sizeEstimate: Int { items.reduce(64 + (nextCursor?.utf8.count ?? 0)) { $0 + $1.sizeEstimate + 1 } }
}

/// A page of items that write themselves is written as they are, without Codable's containers
/// and a dynamic cast per item (a small gain: 18,000 instructions on the directory's page at
/// 50,000 people, `make bench-cost`; its people's own members are most of its JSON's cost).
extension Page: JSONStreamable where Item: JSONStreamable {
  package func write(to object: inout JSONObjectWriter) throws {
    try object.field("items", objects: items)
    object.field("nextCursor", nextCursor)
  }
}
