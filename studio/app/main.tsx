import { createRoot } from 'react-dom/client';
import { App } from './App';
import { studioCulture } from './texts';
import './studio.css';

document.documentElement.lang = studioCulture;
const container = document.getElementById('studio');
if (!container) throw new Error('The studio page has no element with the id "studio" to draw in');
createRoot(container).render(<App />);
