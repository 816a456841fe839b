import AtriumDomain
import Testing

/// Issue 20: the sync protocol's rules, one table each.
@Suite struct TaskMergeTests {
  static let eva = "eva"
  static let mario = "mario"
  static let lucia = "lucia"

  static func task(
    title: String = "Buy milk", notes: String = "", done: Bool = false, due: CalendarDate? = nil, version: Int = 3,
    deleted: Bool = false, assignedBy: String? = nil
  ) -> TaskState {
    TaskState(
      id: "t1", fields: TaskFields(title: title, notes: notes, done: done, due: due), ownerID: eva,
      createdByID: assignedBy ?? eva, assignedByID: assignedBy, version: version, isDeleted: deleted)
  }

  static func patch(_ changes: [TaskField: (TaskValue, TaskValue)], op: String = "op1") -> TaskOperation {
    TaskOperation(
      opID: op, taskID: "t1",
      kind: .patch(changes.mapValues { TaskOperation.FieldChange(base: $0.0, new: $0.1) }))
  }

  /// The three-way merge, field by field: (server's title, device's base, device's new) → what
  /// happens and the title kept.
  @Test(arguments: [
    ("Buy milk", "Buy milk", "Buy oat milk", "applied", "Buy oat milk"),
    ("Buy oat milk", "Buy milk", "Buy oat milk", "noop", "Buy oat milk"),
    ("Buy soy milk", "Buy milk", "Buy oat milk", "conflict", "Buy soy milk"),
  ])
  func aFieldMergesThreeWays(server: String, base: String, new: String, status: String, kept: String) {
    let outcome = TaskMerge.apply(
      Self.patch([.title: (.text(base), .text(new))]), to: Self.task(title: server), actor: Self.eva)
    let (name, task) = Self.describe(outcome)
    #expect(name == status)
    #expect(task?.fields.title == kept)
    if status == "conflict" {
      #expect(task?.conflicts == [TaskConflict(field: .title, yours: .text(new), theirs: .text(server), opID: "op1")])
      #expect(task?.version == 4, "a recorded conflict is a change the owner's devices must see")
    }
    if status == "applied" { #expect(task?.version == 4 && task?.conflicts.isEmpty == true) }
    if status == "noop" { #expect(task?.version == 3) }
  }

  @Test func editsToDifferentFieldsOnTwoDevicesBothLand_andAPartlyConflictingOpAppliesWhatMerges() {
    let start = Self.task()
    guard
      case .applied(let first) = TaskMerge.apply(
        Self.patch([.title: (.text("Buy milk"), .text("Buy oat milk"))]), to: start, actor: Self.eva),
      case .applied(let both) = TaskMerge.apply(
        Self.patch([.done: (.flag(false), .flag(true))], op: "op2"), to: first, actor: Self.eva)
    else { Issue.record("both edits should apply"); return }
    #expect(both.fields.title == "Buy oat milk" && both.fields.done && both.version == 5)

    let partly = TaskMerge.apply(
      Self.patch(
        [.title: (.text("Buy milk"), .text("Buy rice milk")), .notes: (.text(""), .text("Two litres"))], op: "op3"),
      to: both, actor: Self.eva)
    guard case .conflict(let task) = partly else { Issue.record("\(partly)"); return }
    #expect(task.fields.notes == "Two litres", "the field that merges is applied")
    #expect(task.fields.title == "Buy oat milk", "the server keeps its value")
    #expect(task.conflicts.map(\.field) == [.title])
  }

  @Test func theSameValueTwiceIsNoConflict() {
    let after = TaskMerge.apply(
      Self.patch([.title: (.text("Buy milk"), .text("Buy bread"))]), to: Self.task(title: "Buy bread"),
      actor: Self.eva)
    #expect(Self.describe(after).0 == "noop")
  }

  @Test func onlyTheOwnerMarksDone_theAssignerEditsTheRest_strangersSeeNothing() {
    let given = Self.task(assignedBy: Self.mario)
    #expect(
      TaskMerge.apply(Self.patch([.done: (.flag(false), .flag(true))]), to: given, actor: Self.mario)
        == .refused(.onlyTheOwner))
    #expect(
      Self.describe(
        TaskMerge.apply(
          Self.patch([.title: (.text("Buy milk"), .text("Sign the contract"))]), to: given, actor: Self.mario)
      ).0 == "applied")
    #expect(
      Self.describe(TaskMerge.apply(Self.patch([.done: (.flag(false), .flag(true))]), to: given, actor: Self.eva)).0
        == "applied")
    for kind in [
      TaskOperation.Kind.patch([.title: .init(base: .text("Buy milk"), new: .text("x"))]), .delete(baseVersion: 9),
      .restore,
    ] {
      #expect(
        TaskMerge.apply(TaskOperation(opID: "o", taskID: "t1", kind: kind), to: given, actor: Self.lucia)
          == .refused(.notFound), "someone else's task answers as one that does not exist")
    }
    #expect(
      TaskMerge.apply(
        TaskOperation(opID: "o", taskID: "t1", kind: .create(TaskFields(title: "Mine"))), to: given, actor: Self.lucia)
        == .refused(.idInUse))
  }

  @Test func aDeleteThatMissedAnEditIsAConflict_andAnEditToADeletedTaskOffersRestore() {
    // Edited to version 3 after the deleting device saw version 2.
    let stale = TaskMerge.apply(
      TaskOperation(opID: "d1", taskID: "t1", kind: .delete(baseVersion: 2)), to: Self.task(), actor: Self.eva)
    guard case .conflict(let kept) = stale else { Issue.record("\(stale)"); return }
    #expect(!kept.isDeleted)
    #expect(kept.conflicts == [TaskConflict(field: .deleted, yours: .flag(true), theirs: .flag(false), opID: "d1")])
    // The owner keeps theirs' choice: the task stays; or deletes after all.
    if case .applied(let staying) = TaskMerge.resolve(kept, field: .deleted, choice: .theirs, actor: Self.eva) {
      #expect(!staying.isDeleted && staying.conflicts.isEmpty)
    } else {
      Issue.record("resolving should apply")
    }
    if case .applied(let gone) = TaskMerge.resolve(kept, field: .deleted, choice: .yours, actor: Self.eva) {
      #expect(gone.isDeleted)
    } else {
      Issue.record("resolving should apply")
    }

    let current = TaskMerge.apply(
      TaskOperation(opID: "d2", taskID: "t1", kind: .delete(baseVersion: 3)), to: Self.task(), actor: Self.eva)
    guard case .applied(let deleted) = current else { Issue.record("\(current)"); return }
    #expect(deleted.isDeleted && deleted.version == 4)
    #expect(
      Self.describe(
        TaskMerge.apply(
          TaskOperation(opID: "d3", taskID: "t1", kind: .delete(baseVersion: 4)), to: deleted, actor: Self.eva)
      ).0 == "noop")

    let edit = TaskMerge.apply(
      Self.patch([.title: (.text("Buy milk"), .text("Buy oat milk"))], op: "e1"), to: deleted, actor: Self.eva)
    guard case .conflict(let offered) = edit else { Issue.record("\(edit)"); return }
    #expect(offered.isDeleted, "nothing comes back by itself")
    #expect(offered.conflicts.map(\.field) == [.title, .deleted])
    guard case .applied(let restored) = TaskMerge.resolve(offered, field: .deleted, choice: .yours, actor: Self.eva),
      case .applied(let edited) = TaskMerge.resolve(restored, field: .title, choice: .yours, actor: Self.eva)
    else { Issue.record("restore and the edit should apply"); return }
    #expect(!edited.isDeleted && edited.fields.title == "Buy oat milk" && edited.conflicts.isEmpty)
  }

  @Test func restoreBringsBackADeletedTaskAndIsANoopOtherwise() {
    let restore = TaskOperation(opID: "r", taskID: "t1", kind: .restore)
    #expect(Self.describe(TaskMerge.apply(restore, to: Self.task(), actor: Self.eva)).0 == "noop")
    let back = TaskMerge.apply(restore, to: Self.task(deleted: true), actor: Self.eva)
    #expect(Self.describe(back).0 == "applied" && Self.describe(back).1?.isDeleted == false)
  }

  @Test func creatingTheSameTaskAgainIsANoop_andADifferentCopyIsAConflict() {
    let fields = TaskFields(title: "Buy milk")
    let create = TaskOperation(opID: "c2", taskID: "t1", kind: .create(fields))
    #expect(Self.describe(TaskMerge.apply(create, to: Self.task(), actor: Self.eva)).0 == "noop")
    let new = TaskMerge.apply(create, to: nil, actor: Self.eva)
    guard case .applied(let made) = new else { Issue.record("\(new)"); return }
    #expect(made.ownerID == Self.eva && made.createdByID == Self.eva && made.version == 1 && made.assignedByID == nil)
    let copy = TaskOperation(opID: "c3", taskID: "t1", kind: .create(TaskFields(title: "Buy bread", done: true)))
    guard case .conflict(let met) = TaskMerge.apply(copy, to: Self.task(), actor: Self.eva) else {
      Issue.record("a different copy should conflict")
      return
    }
    #expect(met.conflicts.map(\.field) == [.title, .done] && met.fields.title == "Buy milk")
    let given = TaskMerge.apply(create, to: nil, actor: Self.mario, newTask: (owner: Self.eva, assignedBy: Self.mario))
    #expect(Self.describe(given).1?.ownerID == Self.eva && Self.describe(given).1?.assignedByID == Self.mario)
  }

  /// Bad values: each refused with the field and the rule, changing nothing.
  @Test(arguments: [
    (TaskField.title, TaskValue.text(String(repeating: "a", count: 501)), FieldRule.charactersBetween(1, 500)),
    (.title, .text("   "), .required),
    (.title, .text("Bell\u{07}"), .controlCharacters),
    (.notes, .text(String(repeating: "n", count: 10_001)), .atMostCharacters(10_000)),
    (.done, .text("yes"), .wrongType(expected: "boolean")),
    (.due, .text("tomorrow"), .date),
    (.title, .flag(true), .wrongType(expected: "string")),
  ])
  func aBadValueIsRefusedByField(field: TaskField, value: TaskValue, rule: FieldRule) {
    let start = Self.task()
    let outcome = TaskMerge.apply(Self.patch([field: (start.fields[field], value)]), to: start, actor: Self.eva)
    #expect(outcome == .refused(.invalid(field: "fields.\(field.rawValue).new", rule: rule)))
    var fields = TaskFields(title: "Ok")
    if fields.set(field, to: value) {
      let create = TaskOperation(opID: "c", taskID: "t9", kind: .create(fields))
      #expect(
        TaskMerge.apply(create, to: nil, actor: Self.eva)
          == .refused(.invalid(field: "fields.\(field.rawValue)", rule: rule)))
    }
  }

  @Test func onlyTheOwnerResolves_andOnlyWhatConflicts() {
    var given = Self.task(assignedBy: Self.mario)
    given.conflicts = [TaskConflict(field: .title, yours: .text("A"), theirs: .text("Buy milk"), opID: "x")]
    #expect(TaskMerge.resolve(given, field: .title, choice: .yours, actor: Self.mario) == .refused(.onlyTheOwner))
    #expect(TaskMerge.resolve(given, field: .notes, choice: .yours, actor: Self.eva) == .refused(.noConflictOn(.notes)))
    #expect(TaskMerge.resolve(given, field: .title, choice: .yours, actor: Self.lucia) == .refused(.notFound))
    #expect(
      TaskMerge.resolve(given, field: .title, choice: .value(.text("")), actor: Self.eva)
        == .refused(.invalid(field: "value", rule: .required)))
    let written = TaskMerge.resolve(given, field: .title, choice: .value(.text("Buy both")), actor: Self.eva)
    #expect(Self.describe(written).1?.fields.title == "Buy both" && Self.describe(written).1?.conflicts == [])
  }

  static func describe(_ outcome: TaskOutcome) -> (String, TaskState?) {
    switch outcome {
    case .applied(let task): ("applied", task)
    case .noop(let task): ("noop", task)
    case .conflict(let task): ("conflict", task)
    case .refused: ("refused", nil)
    }
  }
}
