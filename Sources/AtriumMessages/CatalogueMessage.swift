/// A text of the catalogue: an id that names it whatever the language, and its words in each
/// language Atrium speaks.
///
/// Each message type lists one example of every case (`examples`), so a test can walk the whole
/// catalogue and check that every message reads in every language.
public protocol CatalogueMessage: Sendable {
  /// Stable across languages and releases: `notice.leave.approve`, `balance.expired`.
  var id: String { get }
  func text(in language: Language) -> String
  /// One value of every case, with made-up parameters.
  static var examples: [Self] { get }
}

extension CatalogueMessage {
  /// The name of an enum case without its values (`noSuch` for `.noSuch(.location, id: "x")`),
  /// which message ids are made of.
  var caseName: String { String(String(describing: self).prefix { $0 != "(" }) }
}
