import AtriumDomain
import Testing

@Suite struct CSVTests {
  @Test func readsQuotedFieldsWithSeparatorsQuotesAndLineBreaks() throws {
    let text = "\u{FEFF}username,bio\r\njose,\"Likes \"\"tapas\"\", and\nfootball\"\r\n\r\nana,plain\n"
    let records = try CSV.parse(text)
    #expect(records.map(\.line) == [1, 2, 5])
    #expect(records[0].fields == ["username", "bio"])
    #expect(records[1].fields == ["jose", "Likes \"tapas\", and\nfootball"])
    #expect(records[2].fields == ["ana", "plain"])
  }

  @Test func semicolonsWhenTheHeaderUsesThem() throws {
    let records = try CSV.parse("username;department\nnuria;Ingeniería, I+D")
    #expect(records[1].fields == ["nuria", "Ingeniería, I+D"])
  }

  @Test func emptyFieldsAreKept() throws {
    #expect(try CSV.parse("a,b,c\n,,x")[1].fields == ["", "", "x"])
  }

  @Test func malformedQuotesNameTheLine() {
    #expect(throws: CSV.Failure(line: 2, reason: .unclosedQuote)) {
      try CSV.parse("a,b\n\"open,b\n")
    }
    #expect(throws: CSV.Failure(line: 2, reason: .quoteInUnquotedField)) { try CSV.parse("a,b\nx\"y,b") }
    #expect(throws: CSV.Failure(line: 2, reason: .textAfterClosingQuote)) { try CSV.parse("a,b\n\"x\"y,b") }
  }

  @Test func rowsOfSeparatorsOnlyAreBlank() throws {
    // What Excel writes for the empty rows below a table.
    let records = try CSV.parse(
      "username;email\r\nana;ana@example.com\r\n;;;;;;\r\n;\r\nmario;m@example.com\r\n;;;\r\n")
    #expect(
      records.map(\.fields) == [["username", "email"], ["ana", "ana@example.com"], ["mario", "m@example.com"]])
    #expect(records.map(\.line) == [1, 2, 5])
  }

  @Test func lineBreaksInsideQuotedFieldsAreStoredAsLineFeeds() throws {
    let records = try CSV.parse("username,bio\r\nana,\"first line\r\nsecond line\"\r\n")
    #expect(records[1].fields == ["ana", "first line\nsecond line"])
  }
}
