/// What push notifications say beyond a notice's own words.
public enum PushText: CatalogueMessage, Hashable {
  /// Several decisions on one's requests, pushed as one.
  case requestsDecided(Int)

  public var id: String { "push." + caseName }

  public func text(in language: Language) -> String {
    let es = language == .es
    switch self {
    case .requestsDecided(let count):
      if count == 1 { return es ? "Hay una decisión sobre tu solicitud" : "Your request was decided" }
      return es ? "Hay decisiones sobre \(count) de tus solicitudes" : "\(count) of your requests were decided"
    }
  }

  public static var examples: [PushText] { [.requestsDecided(1), .requestsDecided(3)] }
}
