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
    #expect(throws: CSV.Failure(line: 2, message: "a quoted field is never closed")) {
      try CSV.parse("a,b\n\"open,b\n")
    }
    #expect(throws: CSV.Failure.self) { try CSV.parse("a,b\nx\"y,b") }
    #expect(throws: CSV.Failure.self) { try CSV.parse("a,b\n\"x\"y,b") }
  }
}
