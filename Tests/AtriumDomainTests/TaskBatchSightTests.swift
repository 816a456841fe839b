import AtriumDomain
import Testing

/// A delete sent after the device's own edits in one batch: what counts as seen.
struct TaskBatchSightTests {
  static let edit = TaskOperation(
    opID: "e", taskID: "t1", kind: .patch([.title: .init(base: .text("a"), new: .text("b"))]))

  static func delete(_ task: String = "t1", base: Int) -> TaskOperation {
    TaskOperation(opID: "d", taskID: task, kind: .delete(baseVersion: base))
  }

  @Test(arguments: [
    // (outcomes of the batch's earlier operations on t1, the delete's base as sent, as counted)
    ([Bool](), 2, 2),
    ([true], 2, 3),
    ([true, true], 2, 4),
    ([false], 2, 2),  // a no-op or a conflict adds nothing the device saw
    ([true, false, true], 0, 2),
  ])
  func eachOperationTheServerAppliedBeforeTheDeleteCountsAsSeen(outcomes: [Bool], sent: Int, counted: Int) {
    var sight = TaskBatchSight()
    for applied in outcomes { sight.note(Self.edit, applied: applied) }
    #expect(sight.seen(Self.delete(base: sent)).kind == .delete(baseVersion: counted))
  }

  @Test func onlyTheSameTasksOperationsCount_andOnlyDeletesChange() {
    var sight = TaskBatchSight()
    sight.note(Self.edit, applied: true)
    #expect(sight.seen(Self.delete("t2", base: 1)).kind == .delete(baseVersion: 1))
    #expect(sight.seen(Self.edit) == Self.edit)
  }

  /// The case it exists for: the device's own edit turned out a no-op while another device
  /// edited; counting the device's unsent operations would have let the delete win.
  @Test func aDeleteAfterOwnNoopWhileAnotherDeviceEditedIsAConflict() {
    var task = TaskState(
      id: "t1", fields: TaskFields(title: "b"), ownerID: "eva", createdByID: "eva", assignedByID: nil, version: 2,
      isDeleted: false, conflicts: [])
    // The laptop changed the notes (version 2 → 3); the phone's title edit was already there.
    task.fields.notes = "from the laptop"
    task.version = 3
    var sight = TaskBatchSight()
    sight.note(Self.edit, applied: false)
    let outcome = TaskMerge.apply(sight.seen(Self.delete(base: 2)), to: task, actor: "eva")
    guard case .conflict(let kept) = outcome else { Issue.record("\(outcome)"); return }
    #expect(!kept.isDeleted && kept.fields.notes == "from the laptop")
  }
}
