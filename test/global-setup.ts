// Runs once before any test file. Kept light: prebuilding anything heavy belongs to the
// part that needs it, cached on disk so repeated runs stay fast.
export default async function setup(): Promise<void> {
  process.env.NODE_ENV = 'test';
}
