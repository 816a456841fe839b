extension WebPage {
  /// Settings: notifications, language, the calendar feed, devices and the badge.
  package enum Settings: PageSection {
    case show
    case save
    case rotateCalendar
    case deleteDevice(id: String)
    case resetBadge
    case endSession(id: String)
    /// "Delete my account": the page that asks for the e-mail and password, and its form.
    case deleteAccount
    case confirmDeleteAccount
    /// Asks to use another address (a link goes to it).
    case changeEmail
    /// This browser's push subscription, registered as the person's device or forgotten.
    case browserPushOn
    case browserPushOff

    package enum Name: CaseIterable, Sendable {
      case show, save, rotateCalendar, deleteDevice, resetBadge, endSession, deleteAccount, confirmDeleteAccount
      case changeEmail, browserPushOn, browserPushOff
    }

    package static func row(_ name: Name) -> PageRow<Self> {
      switch name {
      case .show: PageRow(.get, "/settings", rules: .signedIn) { _, _ in .show }
      case .save: PageRow(.post, "/settings", rules: .signedIn) { _, _ in .save }
      case .rotateCalendar: PageRow(.post, "/settings/calendar", rules: .signedIn) { _, _ in .rotateCalendar }
      case .deleteDevice:
        PageRow(.post, "/settings/devices/{id}/delete", rules: .signedIn) { id, _ in .deleteDevice(id: id[0]) }
      case .resetBadge: PageRow(.post, "/settings/badge-reset", rules: .signedIn) { _, _ in .resetBadge }
      case .endSession:
        PageRow(.post, "/settings/sessions/{id}/end", rules: .signedIn) { id, _ in .endSession(id: id[0]) }
      case .deleteAccount: PageRow(.get, "/settings/delete-account", rules: .signedIn) { _, _ in .deleteAccount }
      case .confirmDeleteAccount:
        // Checks the password: off the network threads.
        PageRow(
          .post, "/settings/delete-account",
          rules: .init(access: .signedIn, work: .mayBlock, beforePasswordChange: .refused, bodyLimit: .standard)
        ) { _, _ in .confirmDeleteAccount }
      case .changeEmail:
        // Checks the password: off the network threads.
        PageRow(
          .post, "/settings/email",
          rules: .init(access: .signedIn, work: .mayBlock, beforePasswordChange: .refused, bodyLimit: .standard)
        ) { _, _ in .changeEmail }
      case .browserPushOn: PageRow(.post, "/settings/browser-push", rules: .signedIn) { _, _ in .browserPushOn }
      case .browserPushOff: PageRow(.post, "/settings/browser-push/off", rules: .signedIn) { _, _ in .browserPushOff }
      }
    }

    package var parts: PageParts<Name> {
      switch self {
      case .show: PageParts(.show)
      case .save: PageParts(.save)
      case .rotateCalendar: PageParts(.rotateCalendar)
      case .deleteDevice(let id): PageParts(.deleteDevice, [id])
      case .resetBadge: PageParts(.resetBadge)
      case .endSession(let id): PageParts(.endSession, [id])
      case .deleteAccount: PageParts(.deleteAccount)
      case .confirmDeleteAccount: PageParts(.confirmDeleteAccount)
      case .changeEmail: PageParts(.changeEmail)
      case .browserPushOn: PageParts(.browserPushOn)
      case .browserPushOff: PageParts(.browserPushOff)
      }
    }

    package static let examples: [Self] = [
      .show, .save, .rotateCalendar, .deleteDevice(id: "d1"), .resetBadge, .endSession(id: "s1"), .deleteAccount,
      .confirmDeleteAccount, .changeEmail, .browserPushOn, .browserPushOff,
    ]
  }
}
