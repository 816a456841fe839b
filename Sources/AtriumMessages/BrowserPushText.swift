/// Settings → "Notifications on this browser": what the panel says in each state the browser
/// can be in.
public enum BrowserPushText: CatalogueMessage, Hashable {
  case title
  case help
  case turnOn
  case turnOff
  /// Shown until the page's script says otherwise.
  case needsScript
  case isOn
  case isOff
  /// The person (or the browser's settings) refused notifications for the site.
  case denied
  case unsupported
  case failed

  public var id: String { "browser-push." + caseName }

  public func text(in language: Language) -> String {
    let (en, es) = words
    return language == .es ? es : en
  }

  private var words: (String, String) {
    switch self {
    case .title: ("Notifications on this browser", "Avisos en este navegador")
    case .help:
      (
        "This browser shows Atrium's notifications even when no Atrium page is open, as your notification settings allow.",
        "Este navegador muestra los avisos de Atrium aunque no tengas Atrium abierto, según tus preferencias de avisos."
      )
    case .turnOn: ("Turn on", "Activar")
    case .turnOff: ("Turn off", "Desactivar")
    case .needsScript:
      ("Notifications on this browser need JavaScript.", "Los avisos en este navegador necesitan JavaScript.")
    case .isOn: ("This browser shows Atrium's notifications.", "Este navegador muestra los avisos de Atrium.")
    case .isOff:
      ("This browser does not show Atrium's notifications.", "Este navegador no muestra los avisos de Atrium.")
    case .denied:
      (
        "Notifications are blocked for this site. Allow them in the browser's settings for this site (the icon beside the address), then turn them on here.",
        "Los avisos están bloqueados para este sitio. Permítelos en los ajustes del navegador para este sitio (el icono junto a la dirección) y actívalos aquí."
      )
    case .unsupported:
      ("This browser cannot show notifications from a site.", "Este navegador no puede mostrar avisos de un sitio.")
    case .failed:
      (
        "The browser could not turn notifications on or off. Try again in a moment.",
        "El navegador no pudo activar o desactivar los avisos. Vuelve a intentarlo en un momento."
      )
    }
  }

  public static var examples: [BrowserPushText] {
    [.title, .help, .turnOn, .turnOff, .needsScript, .isOn, .isOff, .denied, .unsupported, .failed]
  }
}
