/// A session's device in a few words ("Firefox on Linux", "Atrium app"), read from the
/// `User-Agent` it signed in with, so a person can tell their sessions apart.
public struct DeviceName: CatalogueMessage {
  public let userAgent: String
  /// `web` or `app`.
  public let kind: String

  public init(userAgent: String, kind: String) {
    self.userAgent = userAgent
    self.kind = kind
  }

  public var id: String {
    switch (browser, system, kind == "web") {
    case (nil, _, true): "device.unknown-browser"
    case (nil, nil, false): "device.app"
    case (nil, _, false): "device.app-on-system"
    case (_, nil, _): "device.browser"
    default: "device.browser-on-system"
    }
  }

  public func text(in language: Language) -> String {
    let spanish = language == .es
    guard let browser else {
      switch (kind == "web", system) {
      case (true, _): return spanish ? "Un navegador" : "A browser"
      case (false, let system?): return spanish ? "App de Atrium en \(system)" : "Atrium app on \(system)"
      case (false, nil): return spanish ? "App o línea de órdenes de Atrium" : "Atrium app or command line"
      }
    }
    guard let system else { return browser }
    return spanish ? "\(browser) en \(system)" : "\(browser) on \(system)"
  }

  /// The browser, by the tokens browsers put in their `User-Agent` (the most specific first:
  /// Edge and Chrome also say Safari).
  private var browser: String? {
    let tokens: [(String, String)] = [
      ("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chromium/", "Chromium"), ("Chrome/", "Chrome"),
      ("Safari/", "Safari"),
    ]
    return tokens.first { userAgent.contains($0.0) }?.1
  }

  private var system: String? {
    let tokens: [(String, String)] = [
      ("Android", "Android"), ("iPhone", "iPhone"), ("iPad", "iPad"), ("Windows", "Windows"),
      ("Mac OS X", "macOS"), ("CrOS", "ChromeOS"), ("Linux", "Linux"),
    ]
    return tokens.first { userAgent.contains($0.0) }?.1
  }

  public static var examples: [DeviceName] {
    [
      DeviceName(
        userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", kind: "web"),
      DeviceName(userAgent: "", kind: "web"), DeviceName(userAgent: "atrium/1.0", kind: "app"),
      DeviceName(userAgent: "Atrium/1.0 (iPhone; iOS 18.1)", kind: "app"),
    ]
  }
}
