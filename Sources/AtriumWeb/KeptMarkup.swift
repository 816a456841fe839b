import Foundation
import Synchronization

/// Markup rendered from nodes once for each key and kept, for the parts of pages that requests
/// render alike again and again: the frame around every page, a request's row, the request
/// form. Making, writing and freeing a page's nodes was over half of the `/time-off` page's
/// instructions (`make bench-cost`); a kept part is copied instead.
///
/// The key is everything the markup is made from, so nothing kept is ever stale: a change of any
/// of it is another key. What is kept is rendered from nodes like everything else, so it is
/// escaped the same way.
final class KeptMarkup<Key: Hashable & Sendable, Markup: Sendable>: Sendable {
  /// Bounded: keys that name a session (their forms' token) come and go; at the limit all is
  /// dropped and made again as asked, a cost of a few pages.
  private let limit: Int
  private let kept = Mutex<[Key: Markup]>([:])

  init(limit: Int) {
    self.limit = limit
  }

  func markup(for key: Key, make: () -> Markup) -> Markup {
    guard !KeptMarkupReference.makesAfresh else { return make() }
    if let markup = kept.withLock({ $0[key] }) { return markup }
    let markup = make()
    kept.withLock { kept in
      if kept.count >= limit { kept.removeAll() }
      kept[key] = markup
    }
    return markup
  }
}

/// Pages made with nothing kept, to compare kept markup with (`KeptMarkupTests`): a key that
/// left out something its markup is made from shows as a difference.
package enum KeptMarkupReference {
  @TaskLocal package static var makesAfresh = false
}

/// Text in a kept part's key, equal to another only byte for byte. A `String` equals any text
/// canonically equivalent to it (`É` written as one scalar or as two), which renders as other
/// bytes: a key of `String`s could hand one person's page the other spelling. Hashing the bytes
/// also skips the normalization check a `String` makes for text that is not ASCII.
struct ExactText: Hashable, Sendable {
  let text: String

  init(_ text: String) {
    self.text = text
  }

  /// The bytes compared where they are stored: through `utf8`'s iterator, comparing the request
  /// rows' keys was 6% of the `/time-off` page (`make bench-cost`). Text read from one kept
  /// object (a session's token) is often the very same bytes.
  static func == (left: Self, right: Self) -> Bool {
    var left = left.text
    var right = right.text
    return left.withUTF8 { left in
      right.withUTF8 { right in
        left.count == right.count
          && (left.baseAddress == right.baseAddress || left.count == 0
            || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
      }
    }
  }

  func hash(into hasher: inout Hasher) {
    var text = text
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
