import AtriumAPI
import AtriumHTML
import AtriumHTTPTypes
import AtriumServices

/// The web app's extension points: lists that sections add to, built at the composition root
/// (`AtriumApp`), so a new section (presence, tasks) registers its action, panel or card there
/// instead of editing another section's page.
package struct WebExtensions: Sendable {
  /// Buttons on a person's page, in order.
  package var personActions: [PersonAction]
  /// Panels of the Settings page, below the notification and language form, in order.
  package var settingsPanels: [SettingsPanel]
  /// Cards of the home page, in order.
  package var homeCards: [HomeCard]

  package init(personActions: [PersonAction], settingsPanels: [SettingsPanel], homeCards: [HomeCard]) {
    self.personActions = personActions
    self.settingsPanels = settingsPanels
    self.homeCards = homeCards
  }
}

/// A button on a person's page ("call", "see time off"; later "add to my mates", "give a task").
package struct PersonAction: Sendable {
  /// Names the action in tests and logs.
  package let name: String
  /// The button for this person as this visitor sees it, or nil when it is not offered.
  package let button: @Sendable (_ person: PersonProfile, _ viewer: Principal, _ context: WebContext) throws -> Node?

  package init(
    name: String,
    button: @escaping @Sendable (_ person: PersonProfile, _ viewer: Principal, _ context: WebContext) throws -> Node?
  ) {
    self.name = name
    self.button = button
  }
}

/// A panel of the Settings page (the calendar feed, push devices; later presence or tasks).
package struct SettingsPanel: Sendable {
  package let name: String
  /// The panel for this visitor; the request tells where they reached the server from.
  package let render: @Sendable (_ viewer: Principal, _ context: WebContext, _ request: HTTPRequest) throws -> Node

  package init(
    name: String,
    render: @escaping @Sendable (_ viewer: Principal, _ context: WebContext, _ request: HTTPRequest) throws -> Node
  ) {
    self.name = name
    self.render = render
  }
}

/// A card of the home page (the timeline; later who is in the office, today's tasks).
package struct HomeCard: Sendable {
  /// Where a card goes: the short answers of the morning (on phones first, most urgent first),
  /// or the long reading beside them (the timeline).
  package enum Area: Sendable {
    case today, feed
  }

  /// What a card may show besides its data: a form the visitor just sent, with its error.
  package struct Draft: Sendable {
    package var text = ""
    package var error: String?

    package init(text: String = "", error: String? = nil) {
      self.text = text
      self.error = error
    }
  }

  package let name: String
  package let area: Area
  /// Lower comes first among the today cards: what waits for the visitor before what informs.
  package let urgency: Int
  /// The card for this visitor, or nil when it has nothing to show them.
  package let render: @Sendable (_ viewer: Principal, _ context: WebContext, _ draft: Draft) throws -> Node?

  package init(
    name: String, area: Area = .today, urgency: Int = 50,
    render: @escaping @Sendable (_ viewer: Principal, _ context: WebContext, _ draft: Draft) throws -> Node?
  ) {
    self.name = name
    self.area = area
    self.urgency = urgency
    self.render = render
  }
}
