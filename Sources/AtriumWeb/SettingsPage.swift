import AtriumAPI
import AtriumHTML
import AtriumMessages
import AtriumServices

/// Settings: which notifications to get, the language, and the personal calendar feed's
/// address with a button that replaces it.
package enum SettingsPage {
  /// - Parameter panels: The panels sections add below the form (`WebExtensions.settingsPanels`).
  package static func render(
    _ context: WebContext, _ settings: SettingsBody, panels: [Node]
  )
    -> Node
  {
    return Layout.page(
      context(.settings), context,
      [
        context.form(
          .settings(.save), [.class("stack card")],
          [
            notificationChoices(context, settings),
            .label([.for("language")], [.text(context(.language))]),
            .select(
              [.id("language"), .name("language")],
              [("en", "English"), ("es", "Español")].map { code, name in
                .option([.value(code)] + (code == context.language.rawValue ? [.selected] : []), name)
              }),
            .p([], [.button([.type("submit")], [.text(context(.save))])]),
          ]),
        .p(
          [],
          [.a([.href(WebPage.account(.password).href), .class("button secondary")], [.text(context(.changePassword))])]),
      ] + panels)
  }

  /// The form field of one kind's channel: `approvalsWaiting.mail`.
  package static func field(kind: String, _ channel: String) -> String { "\(kind).\(channel)" }

  /// A row per kind of notification and a column per channel, each a checkbox named
  /// `<kind>.<channel>`; the digest only where the kind offers one.
  private static func notificationChoices(_ context: WebContext, _ settings: SettingsBody) -> Node {
    let columns: [(channel: String, title: Text)] = [
      ("board", .onBoard), ("mail", .byMail), ("push", .byPush), ("digest", .dailyDigest),
    ]
    func box(_ kind: NotificationKindBody, _ channel: String, _ title: Text, isOn: Bool) -> Node {
      .td(
        [],
        [
          .input(
            [
              .type("checkbox"), .name(field(kind: kind.id, channel)), .value("on"),
              .ariaLabel("\(kind.name): \(context(title))"),
            ] + (isOn ? [.checked] : []))
        ])
    }
    return .fieldset(
      [],
      [
        .legend([.text(context(.notifications))]),
        .p([.class("muted")], [.text(context(.notificationsHelp))]),
        .table(
          [.class("choices"), .id("notification-choices")],
          [
            .tr(
              [],
              [.th([Attribute("scope", "col")], [.text(context(.notificationKind))])]
                + columns.map { .th([Attribute("scope", "col")], [.text(context($0.title))]) })
          ]
            + settings.notificationKinds.map { kind in
              let choice = settings.notifications[kind.id]
              return .tr(
                [],
                [.th([Attribute("scope", "row")], [.text(kind.name)])]
                  + [
                    box(kind, "board", .onBoard, isOn: choice?.board ?? true),
                    box(kind, "mail", .byMail, isOn: choice?.mail ?? true),
                    box(kind, "push", .byPush, isOn: choice?.push ?? true),
                    kind.offersDigest ? box(kind, "digest", .dailyDigest, isOn: choice?.digest ?? false) : .td([], []),
                  ])
            }),
      ])
  }

  /// The personal calendar feed's addresses, with a button that replaces them.
  package static func calendarFeedPanel(_ context: WebContext, _ feed: CalendarFeedBody) -> Node {
    .section(
      [.class("card")],
      [
        .h2([], [.text(context(.calendarFeed))]),
        .p([.class("muted")], [.text(context(.calendarHelp))]),
        .label([.for("feed-url")], [.text(context(.calendarFeed))]),
        .input([.type("text"), .id("feed-url"), .value(feed.url), Attribute("readonly", nil)]),
        .label([.for("team-feed-url")], [.text(context(.teamCalendarFeed))]),
        .input([.type("text"), .id("team-feed-url"), .value(feed.teamURL), Attribute("readonly", nil)]),
        .p([], [context.button(.settings(.rotateCalendar), .newLink, style: "secondary")]),
      ])
  }

  /// The push devices, each with a button that removes it, and the badge reset.
  package static func devicesPanel(_ context: WebContext, _ devices: [DeviceBody]) -> Node {
    .section(
      [.class("card")],
      [
        .h2([], [.text(context(.devices))]),
        devices.isEmpty
          ? .p([.class("muted")], [.text(context(.noDevices))])
          : .ul(
            [.class("list"), .id("devices")],
            devices.map { device in
              .li(
                [.class("row")],
                [
                  .strong([.text(device.name.isEmpty ? device.platform : device.name)]),
                  .span([.class("muted")], [.text("\(device.platform) · \(context.day(of: device.lastSeenAt))")]),
                  context.button(.settings(.deleteDevice(id: device.id)), .remove, style: "secondary"),
                ])
            }),
        .p([], [context.button(.settings(.resetBadge), .resetBadge, style: "secondary")]),
      ])
  }

  /// Every place the person is signed in, newest use first, each with its own sign-out.
  package static func sessionsPanel(_ context: WebContext, _ sessions: [SessionBody]) -> Node {
    .section(
      [.class("card")],
      [
        .h2([], [.text(context(.signedInSessions))]),
        .ul(
          [.class("list"), .id("sessions")],
          sessions.map { session in
            .li(
              [.class("row"), .id("session-\(session.id)")],
              [
                .strong([.text(DeviceName(userAgent: session.device, kind: session.kind).text(in: context.language))]),
                .span(
                  [.class("muted")],
                  [
                    .text(
                      [session.address, context(.lastUsed(Self.minute(session.lastUsedAt)))].filter { !$0.isEmpty }
                        .joined(separator: " · "))
                  ]),
                session.current ? .span([.class("status approved")], [.text(context(.thisSession))]) : .empty,
                context.button(.settings(.endSession(id: session.id)), .signOutSession, style: "secondary"),
              ])
          }),
      ])
  }

  /// `2026-03-02 09:00` from an RFC 3339 instant.
  private static func minute(_ instant: String) -> String {
    String(instant.prefix(16)).replacingOccurrences(of: "T", with: " ")
  }
}
