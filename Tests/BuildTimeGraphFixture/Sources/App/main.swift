import Feature
import Loom

// The app lists the feature's registrations, activates them in the dependency graph and builds an editor.
let app = Container(name: "app") {
    DependencyGroup.featureAutoregistered
}
DependencyGraph.activate(app)
let editor: Editor = try app.resolve()
print(editor.stamp())
