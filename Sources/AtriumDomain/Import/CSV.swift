/// Reads CSV text (RFC 4180): fields separated by commas (or semicolons, when the header line
/// uses them), double-quoted fields holding separators, quotes (`""`) and line breaks (kept as
/// LF), CRLF or LF line ends, and an optional UTF-8 byte-order mark.
public enum CSV {
  public struct Failure: Error, Hashable, Sendable {
    public let line: Int
    public let reason: Reason

    public init(line: Int, reason: Reason) {
      self.line = line
      self.reason = reason
    }

    /// What is wrong on the line; the catalogue words it for the reader.
    public enum Reason: String, Hashable, Sendable, CaseIterable {
      /// `a"b`: the whole field should be quoted and the quote doubled.
      case quoteInUnquotedField
      /// `"a"b`: text after a closing quote.
      case textAfterClosingQuote
      case unclosedQuote
    }
  }

  /// The records, each with the line number it starts on. Blank lines are skipped, and so are
  /// rows whose every field is empty (`;;;;`, what spreadsheets write below a table).
  public static func parse(_ text: String) throws(Failure) -> [(line: Int, fields: [String])] {
    var text = Substring(text)
    if text.first == "\u{FEFF}" { text = text.dropFirst() }
    let headerLine = text.prefix { $0 != "\n" && $0 != "\r\n" }
    let separator: Character = headerLine.contains(";") && !headerLine.contains(",") ? ";" : ","
    var records: [(line: Int, fields: [String])] = []
    var fields: [String] = []
    var field = ""
    var inQuotes = false
    var quotedField = false
    var line = 1
    var recordLine = 1
    var iterator = text.makeIterator()
    var pending: Character? = nil

    func endRecord() {
      fields.append(field)
      if !fields.allSatisfy(\.isEmpty) { records.append((recordLine, fields)) }
      fields = []
      field = ""
      quotedField = false
    }

    while let character = pending ?? iterator.next() {
      pending = nil
      if inQuotes {
        if character == "\"" {
          let next = iterator.next()
          if next == "\"" {
            field.append("\"")
          } else {
            inQuotes = false
            pending = next
          }
        } else {
          if character == "\n" || character == "\r\n" {
            line += 1
            field.append("\n")
          } else {
            field.append(character)
          }
        }
        continue
      }
      switch character {
      case "\"" where field.isEmpty && !quotedField:
        inQuotes = true
        quotedField = true
      case "\"":
        throw Failure(line: line, reason: .quoteInUnquotedField)
      case separator:
        fields.append(field)
        field = ""
        quotedField = false
      case "\n", "\r\n", "\r":
        endRecord()
        line += 1
        recordLine = line
      default:
        if quotedField {
          throw Failure(line: line, reason: .textAfterClosingQuote)
        }
        field.append(character)
      }
    }
    if inQuotes { throw Failure(line: recordLine, reason: .unclosedQuote) }
    if !field.isEmpty || !fields.isEmpty || quotedField { endRecord() }
    return records
  }
}
