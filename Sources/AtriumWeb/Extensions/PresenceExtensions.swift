import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumMessages
import AtriumServices

// What the presence section registers at the web app's extension points (`WebExtensions`).

extension PersonAction {
  /// "Add to my mates" on someone else's page, until they are one; it grants the visitor
  /// nothing by itself (they see the person only if the person shares with them).
  package static func addToMates(_ environment: ServerEnvironment) -> PersonAction {
    PersonAction(name: "add-to-mates") { person, viewer, context in
      guard person.id != viewer.employee.id,
        try !PresenceMatesService(environment: environment).mates(principal: viewer).contains(where: {
          $0.id == person.id
        })
      else { return nil }
      return context.form(
        .presence(.addMate), [.class("inline")],
        [
          .input([.type("hidden"), .name("person"), .value(person.id)]),
          .button([.type("submit"), .class("secondary")], [.text(context(PresenceText.addToMates))]),
        ])
    }
  }
}

extension SettingsPanel {
  /// Sharing where I am (off, my mates, everyone) and automatic check-in from my phone.
  package static func presence(_ environment: ServerEnvironment) -> SettingsPanel {
    SettingsPanel(name: "presence") { viewer, context, _ in
      let settings = try PresenceService(environment: environment).settings(principal: viewer)
      let choices: [(String, PresenceText)] = [
        ("off", .sharingOff), ("mates", .sharingMates), ("everyone", .sharingEveryone),
      ]
      return .section(
        [.class("card"), .id("presence-settings")],
        [
          .h2([], [.text(context(PresenceText.sharingTitle))]),
          .p([.class("muted")], [.text(context(PresenceText.sharingHelp))]),
          context.form(
            .presence(.saveSharing), [.class("stack")],
            [
              .tag(
                "fieldset", [],
                [.tag("legend", [], [.text(context(PresenceText.sharingTitle))])]
                  + choices.map { value, label in
                    .label(
                      [],
                      [
                        .input(
                          [.type("radio"), .name("sharing"), .value(value)]
                            + (settings.sharing == value ? [.checked] : [])),
                        .text(" " + context(label)),
                      ])
                  }),
              .label(
                [],
                [
                  .input([.type("checkbox"), .name("automatic")] + (settings.automatic ? [.checked] : [])),
                  .text(" " + context(PresenceText.automaticCheckIn)),
                ]),
              .p([.class("muted")], [.text(context(PresenceText.automaticHelp))]),
              .p([], [.button([.type("submit"), .class("secondary")], [.text(context(PresenceText.save))])]),
            ]),
        ])
    }
  }
}

extension HomeCard {
  /// Where my mates are today: those who share with me and are checked in now.
  package static func matesToday(_ environment: ServerEnvironment) -> HomeCard {
    HomeCard(name: "mates", urgency: 30) { viewer, context, _ in
      let here = try PresenceMatesService(environment: environment).checkIns(principal: viewer).filter(\.checkIn.open)
      guard !here.isEmpty else { return nil }
      return .section(
        [.class("card home-card"), .id("home-mates"), Attribute("aria-labelledby", "home-mates-title")],
        [
          .h2([.id("home-mates-title")], [.text(context(PresenceText.myMates))]),
          .ul(
            [.class("plain")],
            here.map { mate in
              .li([], [.text("\(mate.person.displayName) — \(mate.checkIn.building.name)")])
            }),
          .a(
            [.class("button secondary"), .href(WebPage.presence(.whereAmI(fix: nil)).href)],
            [.text(context(PresenceText.whereTitle))]),
        ])
    }
  }
}
