extension String {
  /// The path's segments between "/" (`/api/v1/me` gives "", "api", "v1", "me"), found byte
  /// by byte: every request's path is split to be routed, and a split by Characters cost more
  /// than the rest of routing (`make bench-cost`).
  /// - Parameter omittingEmpty: Leaves out empty segments (`/board/` is "board").
  public func pathSegments(omittingEmpty: Bool = false) -> [Substring] {
    var segments: [Substring] = []
    var start = startIndex
    var index = utf8.startIndex
    while index != utf8.endIndex {
      if utf8[index] == UInt8(ascii: "/") {
        if !omittingEmpty || start != index { segments.append(self[start..<index]) }
        start = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    if !omittingEmpty || start != endIndex { segments.append(self[start..<endIndex]) }
    return segments
  }
}
