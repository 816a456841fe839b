/// Header fields in arrival order, looked up without regard to case (RFC 9110 field names).
public struct HTTPHeaders: Sendable, Hashable, Sequence {
  public private(set) var fields: [(name: String, value: String)]

  public init(_ fields: [(name: String, value: String)] = []) {
    self.fields = fields
  }

  /// The first value of the named field, or nil.
  public subscript(name: String) -> String? {
    fields.first { $0.name.caseInsensitiveEquals(name) }?.value
  }

  /// Every value of the named field.
  public func values(_ name: String) -> [String] {
    fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
  }

  /// Appends a field; CR and LF are removed from both parts so a value can never start a new
  /// header line (response splitting).
  public mutating func add(_ name: String, _ value: String) {
    fields.append((name.removingLineBreaks, value.removingLineBreaks))
  }

  /// Fields many answers carry, known when the program starts (a policy, a constant): checked
  /// for line breaks once, when made, rather than on every answer as `add` checks.
  public struct Constant: Sendable {
    public let fields: [(name: String, value: String)]

    public init(_ fields: [(name: String, value: String)]) {
      self.fields = fields.map { ($0.name.removingLineBreaks, $0.value.removingLineBreaks) }
    }
  }

  /// Adds each of `constant`'s fields these headers do not have yet: a response that set its
  /// own keeps it. Added one by one (`add`), the four security fields of every answer cost
  /// some 5,800 instructions (`make bench-cost`, `/healthz`).
  public mutating func addMissing(_ constant: Constant) {
    fields.reserveCapacity(fields.count + constant.fields.count)
    for field in constant.fields where self[field.name] == nil { fields.append(field) }
  }

  /// Replaces every field of that name with one value.
  public mutating func set(_ name: String, _ value: String) {
    fields.removeAll { $0.name.caseInsensitiveEquals(name) }
    add(name, value)
  }

  public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
    fields.makeIterator()
  }

  public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
    lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
  }

  public func hash(into hasher: inout Hasher) {
    for field in fields {
      hasher.combine(field.name)
      hasher.combine(field.value)
    }
  }
}

extension String {
  /// Field names are ASCII: compared byte by byte, folding A-Z only, without the two lowercased
  /// copies a Unicode comparison makes (every header lookup of every request runs it).
  func caseInsensitiveEquals(_ other: String) -> Bool {
    // Most names differ in length, which a native string knows without reading it.
    guard utf8.count == other.utf8.count else { return false }
    var this = self
    var that = other
    return this.withUTF8 { left in
      that.withUTF8 { right in
        guard left.count == right.count else { return false }
        for index in left.indices where left[index] != right[index] {
          guard left[index] | 0x20 == right[index] | 0x20, (0x61...0x7A).contains(left[index] | 0x20) else {
            return false
          }
        }
        return true
      }
    }
  }

  var removingLineBreaks: String {
    let hasLineBreak =
      utf8.withContiguousStorageIfAvailable { $0.contains { $0 == 0x0D || $0 == 0x0A } }
      ?? utf8.contains { $0 == 0x0D || $0 == 0x0A }
    return hasLineBreak
      ? String(unicodeScalars.filter { $0 != "\r" && $0 != "\n" }.map(Character.init)) : self
  }
}
