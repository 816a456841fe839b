/// Where a sign-in came from, kept with its session so that the person can tell their sessions
/// apart in Settings and end the one they do not recognise.
package struct SessionOrigin: Sendable, Hashable {
  /// The client's address as the server saw it (the proxy's forwarded one when trusted).
  package let address: String
  /// The client's `User-Agent`, cut to 300 characters.
  package let device: String

  package init(address: String, userAgent: String?) {
    self.address = address
    self.device = String((userAgent ?? "").prefix(300))
  }

  /// For sessions started by the server itself (tests, tools).
  package static let unknown = SessionOrigin(address: "", userAgent: nil)
}
