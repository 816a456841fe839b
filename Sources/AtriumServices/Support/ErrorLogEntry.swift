import AtriumAPI

/// One JSON line for an unexpected error, with the request id that the caller was given.
package struct ErrorLogEntry: Encodable {
  package init(requestId: String, error: String) {
    self.requestId = requestId
    self.error = error
  }

  package let level = "error"
  package let requestId: String
  package let error: String

  package var line: String {
    (try? StreamingJSONEncoder().encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? error
  }
}
