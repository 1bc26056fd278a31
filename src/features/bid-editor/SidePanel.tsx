import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { ContentTab } from "./ContentTab";
import { DesignTab } from "./DesignTab";
import { SettingsTab } from "./SettingsTab";

/** The side panel's three tabs: Design, Content, Settings. */
export function SidePanel() {
  return (
    <Tabs defaultValue="design" className="grid grid-cols-1 gap-4">
      <TabsList aria-label="Editor panels">
        <TabsTrigger value="design">Design</TabsTrigger>
        <TabsTrigger value="content">Content</TabsTrigger>
        <TabsTrigger value="settings">Settings</TabsTrigger>
      </TabsList>
      <TabsContent value="design">
        <DesignTab />
      </TabsContent>
      <TabsContent value="content">
        <ContentTab />
      </TabsContent>
      <TabsContent value="settings">
        <SettingsTab />
      </TabsContent>
    </Tabs>
  );
}
