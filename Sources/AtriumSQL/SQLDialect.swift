/// The SQL an engine speaks where engines differ. Statements are written once with `?`
/// placeholders; a driver whose engine numbers them (PostgreSQL's `$1`) rewrites them once,
/// when the statement is first prepared.
public enum SQLDialect: Sendable, Hashable {
  case sqlite
  case postgres

  /// `sql` with its placeholders as this engine writes them. A `?` inside a quoted string or
  /// identifier is left alone.
  public func placeholders(in sql: String) -> String {
    guard self == .postgres else { return sql }
    var result = ""
    result.reserveCapacity(sql.utf8.count + 8)
    var number = 0
    var quote: Character?
    for character in sql {
      if let open = quote {
        if character == open { quote = nil }
        result.append(character)
      } else if character == "'" || character == "\"" {
        quote = character
        result.append(character)
      } else if character == "?" {
        number += 1
        result += "$\(number)"
      } else {
        result.append(character)
      }
    }
    return result
  }
}
