/// The languages Atrium speaks. Every text a person reads comes from this target's catalogue
/// in one of them.
public enum Language: String, Sendable, CaseIterable, Codable {
  case en, es

  /// The first language of an `Accept-Language` header Atrium speaks, English otherwise.
  public static func preferred(acceptLanguage header: String?) -> Language {
    for part in (header ?? "").split(separator: ",") {
      let tag = part.split(separator: ";").first.map { $0.trimmingCharacters(in: " \t") } ?? ""
      if let language = Language(rawValue: String(tag.prefix(2)).lowercased()) { return language }
    }
    return .en
  }

  /// The one rule everywhere: the language the person chose in Settings if they chose one,
  /// else the request's `Accept-Language`, else English.
  /// - Parameter chosen: the person's choice; nil when they have not chosen (or nobody signed in).
  public static func reader(chosen: String?, acceptLanguage: String?) -> Language {
    chosen.flatMap(Language.init(rawValue:)) ?? preferred(acceptLanguage: acceptLanguage)
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: String) -> String {
    String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
  }
}
