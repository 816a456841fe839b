/// Parses `multipart/form-data` bodies (RFC 7578), as browsers send forms with a file.
public enum Multipart {
  public struct Part: Sendable, Hashable {
    public let name: String
    public let filename: String?
    public let contentType: String?
    public let body: [UInt8]
  }

  /// The boundary from a `Content-Type: multipart/form-data; boundary=...` header.
  public static func boundary(contentType: String?) -> String? {
    guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
    for parameter in contentType.split(separator: ";").dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1)
      guard pair.count == 2, pair[0].trimmingCharacters(in: " \t").lowercased() == "boundary" else { continue }
      var value = pair[1].trimmingCharacters(in: " \t")
      if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
      return (1...70).contains(value.count) ? value : nil
    }
    return nil
  }

  /// The parts of a body; nil when it is not a well-formed multipart body.
  public static func parts(of body: [UInt8], boundary: String) -> [Part]? {
    let delimiter = Array(("--" + boundary).utf8)
    let crlf: [UInt8] = [13, 10]
    guard var start = body.firstRange(of: delimiter)?.upperBound else { return nil }
    var parts: [Part] = []
    while true {
      // After a delimiter: "--" ends the body, CRLF starts a part.
      guard start + 2 <= body.count else { return nil }
      if body[start] == 45 && body[start + 1] == 45 { return parts }
      guard Array(body[start..<(start + 2)]) == crlf else { return nil }
      start += 2
      guard let headerEnd = body[start...].firstRange(of: [13, 10, 13, 10]) else { return nil }
      let head = String(decoding: body[start..<headerEnd.lowerBound], as: UTF8.self)
      let contentStart = headerEnd.upperBound
      guard let next = body[contentStart...].firstRange(of: crlf + delimiter) else { return nil }
      var name: String?
      var filename: String?
      var contentType: String?
      for line in head.split(separator: "\r\n") {
        let pieces = line.split(separator: ":", maxSplits: 1)
        guard pieces.count == 2 else { continue }
        let field = pieces[0].lowercased()
        let value = pieces[1].trimmingCharacters(in: " \t")
        if field == "content-disposition" {
          name = parameter("name", in: value)
          filename = parameter("filename", in: value)
        } else if field == "content-type" {
          contentType = value
        }
      }
      guard let name else { return nil }
      parts.append(
        Part(
          name: name, filename: filename, contentType: contentType, body: Array(body[contentStart..<next.lowerBound])))
      start = next.upperBound
    }
  }

  /// `name="value"` out of a `Content-Disposition` value.
  private static func parameter(_ key: String, in value: String) -> String? {
    for item in value.split(separator: ";").dropFirst() {
      let pair = item.split(separator: "=", maxSplits: 1)
      guard pair.count == 2, pair[0].trimmingCharacters(in: " \t").lowercased() == key else { continue }
      var text = pair[1].trimmingCharacters(in: " \t")
      if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
      return text
    }
    return nil
  }
}
