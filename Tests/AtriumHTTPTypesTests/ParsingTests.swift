import AtriumHTTPTypes
import Testing

@Suite struct ParsingTests {
  @Test func queryStringsAreDecoded() {
    let (path, query) = QueryString.split(target: "/api/v1/people?query=Jos%C3%A9+Mar%C3%ADa&limit=5&empty&limit=9")
    #expect(path == "/api/v1/people")
    #expect(query == ["query": "José María", "limit": "5", "empty": ""])
  }

  @Test func malformedQueryParametersAreDropped() {
    #expect(QueryString.parse("a=%zz&b=1&=x") == ["b": "1"])
  }

  @Test func cookiesAreParsedFromEveryHeader() {
    let cookies = Cookies.parse(["session=abc; theme=\"dark\"", "lang=es; session=other"])
    #expect(cookies == ["session": "abc", "theme": "dark", "lang": "es"])
  }

  @Test func headersAreCaseInsensitiveAndCannotBeSplit() {
    var headers = HTTPHeaders([("Content-Type", "application/json")])
    #expect(headers["content-type"] == "application/json")
    headers.add("X-Name", "evil\r\nSet-Cookie: a=b")
    #expect(headers["x-name"] == "evilSet-Cookie: a=b")
  }

  @Test func mediaTypeIgnoresParameters() {
    let request = HTTPRequest(
      method: "POST", path: "/", headers: HTTPHeaders([("Content-Type", "Application/JSON; charset=utf-8")]))
    #expect(request.mediaType == "application/json")
  }

  @Test func percentEncodingRoundTrips() {
    for text in ["plain", "a b", "ñ/é?&=#", "100%", "🙂"] {
      #expect(PercentEncoding.decode(PercentEncoding.encode(text)) == text)
    }
    #expect(PercentEncoding.encode("a b/c") == "a%20b%2Fc")
    #expect(PercentEncoding.decode("a+b", plusIsSpace: true) == "a b")
  }
}

@Suite struct MultipartTests {
  @Test func readsFieldsAndAFile() throws {
    let body =
      Array(
        "preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\ntok\r\n--XyZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"me.png\"\r\nContent-Type: image/png\r\n\r\n"
          .utf8) + [0x89, 0x50, 13, 10, 0x00, 0xFF] + Array("\r\n--XyZ--\r\n".utf8)
    #expect(Multipart.boundary(contentType: "multipart/form-data; boundary=XyZ") == "XyZ")
    #expect(Multipart.boundary(contentType: "multipart/form-data; boundary=\"a b\"") == "a b")
    #expect(Multipart.boundary(contentType: "application/json") == nil)
    let parts = try #require(Multipart.parts(of: body, boundary: "XyZ"))
    #expect(parts.count == 2)
    #expect(parts[0].name == "_csrf" && parts[0].body == Array("tok".utf8) && parts[0].filename == nil)
    #expect(parts[1].name == "photo" && parts[1].filename == "me.png" && parts[1].contentType == "image/png")
    #expect(parts[1].body == [0x89, 0x50, 13, 10, 0x00, 0xFF], "binary content with CRLF inside is kept")
  }

  @Test func refusesBrokenBodies() {
    #expect(Multipart.parts(of: Array("no boundary here".utf8), boundary: "XyZ") == nil)
    #expect(
      Multipart.parts(
        of: Array("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nunterminated".utf8), boundary: "XyZ")
        == nil)
    #expect(
      Multipart.parts(of: Array("--XyZ\r\nX: y\r\n\r\nv\r\n--XyZ--".utf8), boundary: "XyZ") == nil,
      "a part needs a name")
  }
}
