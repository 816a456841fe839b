extension String {
  /// The string without leading and trailing spaces, tabs and line breaks.
  public var trimmingWhitespace: String {
    let scalars = unicodeScalars
    // Nearly all text has nothing to trim (an access token at every request): it is then
    // itself, not a copy.
    guard let head = scalars.first, let tail = scalars.last,
      head.properties.isWhitespace || tail.properties.isWhitespace
    else { return self }
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }
}
