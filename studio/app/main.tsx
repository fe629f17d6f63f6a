import { createRoot } from 'react-dom/client';
import { App } from './App';
import { studioCulture } from './texts';
import './studio.css';

document.documentElement.lang = studioCulture;
createRoot(document.getElementById('studio')!).render(<App />);
