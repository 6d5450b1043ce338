// User profile helpers.
import { formatName } from './format.js';

export function loadProfile(store, id) {
  const user = store.get(id);
  return {
    id,
    name: formatName(user.firstName, user.lastName),
    email: user.email,
  };
}

export function displayName(profile) {
  if (!profile) {
    return 'Anonymous';
  }
  return profile.name;
}

export function isAdmin(profile) {
  return profile.roles.includes('admin');
}
